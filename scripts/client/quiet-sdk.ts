/**
 * Imported first by the CLI: the AWS SDK warns, on every sign-in, that its later versions will need a newer
 * Node than the one the portal supports (engines: >=20.19). The CLI speaks to Cognito through it and that
 * warning is noise to its user; an operator who wants it sets the variable to something else.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
