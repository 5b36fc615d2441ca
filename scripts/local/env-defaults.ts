/**
 * Imported first by the local entry points (ES modules run in import order): functions deploy on
 * Node 22+, so on a Node 20 machine the AWS SDK's reminder about it is noise.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
