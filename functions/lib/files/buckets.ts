/**
 * Every S3 bucket of the portal, declared once: the environment variable a function finds its name in,
 * how the bucket is served, and how long what is in it lives. The CDK stack builds the buckets, the
 * CloudFront behaviours and each function's grants and environment from this table; the local stack
 * creates the same buckets on s3rver and its server answers the same paths the same way. Which function
 * uses which bucket, with which operations, is said per unit in functions/registry.ts (`files`).
 * Plain data only.
 */

/** How the browser reaches a bucket's objects. */
export type Serving =
  /** The SPA: the distribution's default behaviour (index.html for client routes). */
  | { kind: 'site' }
  /**
   * Anyone may read any object at `{path}/{key}` (release metadata, packages); `cache` says how long
   * CloudFront keeps an answer: a minute (at most five) or a day.
   */
  | { kind: 'path'; path: `/${string}`; cache: 'short' | 'optimized' }
  /**
   * Only through a link a function signed, valid until the time it names and never after
   * (`files.signedLink`): `{path}/{key}?expires={epoch seconds}&signature={hmac}`, checked at the edge
   * (CloudFront Function; locally the same code in the local server) and never cached. `link` is the
   * shape of the links the product hands out.
   */
  | {
      kind: 'signed';
      path: `/${string}`;
      link: string;
      /**
       * The endpoint that also answers a request at the path made with the caller's access token
       * (`Authorization: Bearer …`) instead of a signature: the edge sends it on (307) to
       * `GET /api/{endpoint}{path}/…`, which checks that the caller may have the file and redirects
       * (302) to a fresh signed link.
       */
      byToken?: { endpoint: string };
    }
  /** Never served: only functions read it. */
  | { kind: 'private' };

export interface BucketDeclaration {
  /** The variable a function with access to the bucket finds its name in. */
  env: string;
  served: Serving;
  /** Objects edited in place keep their previous versions 90 days (a replaced file stays recoverable). */
  versioned: boolean;
  /** Objects are removed this many days after they were written (S3's smallest unit is a day). */
  expireAfterDays?: number;
  /**
   * Browsers upload into it with presigned POST forms (presigned-upload.ts): the bucket answers CORS for
   * POST (any origin: the signed policy is the check), and the SPA's CSP admits S3 in `connect-src`.
   */
  browserUploads?: true;
}

export const buckets = {
  /** The SPA build and /config.json. */
  web: {
    env: 'WEB_BUCKET',
    served: { kind: 'site' },
    versioned: false, // rebuilt from the repository on every deploy
  },
  /** Release metadata (versions.json). */
  data: {
    env: 'DATA_BUCKET',
    served: { kind: 'path', path: '/data', cache: 'short' }, // versions.json changes on a release
    versioned: true, // versions.json is edited by hand: keep the previous one
  },
  /** Release packages. */
  downloads: {
    env: 'DOWNLOADS_BUCKET',
    served: { kind: 'path', path: '/downloads', cache: 'optimized' }, // packages have versioned names
    versioned: true, // an overwritten package must be recoverable
  },
  /** Support case attachments. */
  attachments: {
    env: 'ATTACHMENTS_BUCKET',
    // Only the case's user and admins: the API checks that, then hands out a short-lived link.
    // A client with the caller's token may also open the link's path as it is (the case endpoint checks them).
    served: { kind: 'signed', path: '/attachments', link: '/attachments/{caseId}/{attachmentId}/{filename}', byToken: { endpoint: 'case' } },
    versioned: true, // customers' files
  },
  /**
   * Browsers' uploads before they are taken: each presigned form lands its one file under a fresh key
   * here, and completing the upload copies it to its own key in its own bucket and removes it here. A
   * form posted again (it stays valid until it expires) lands here only, never over a file anyone reads.
   */
  staging: {
    env: 'STAGING_BUCKET',
    served: { kind: 'private' },
    versioned: false, // a form posted again replaces its file here: one file a form, never a pile of versions
    expireAfterDays: 1, // what no completion took (abandoned, or posted again after it) goes a day later
    browserUploads: true, // files over what the API carries come straight from the browser (decision 034)
  },
  /** CSV exports of the admin lists. */
  exports: {
    env: 'EXPORTS_BUCKET',
    // The export cmds answer {filename, time_alive}; `/umdata/` + filename is the signed link.
    served: { kind: 'signed', path: '/umdata', link: '/umdata/{filename}' },
    versioned: false,
    // The link ends after time_alive (minutes); the objects themselves go a day later.
    expireAfterDays: 1,
  },
  /**
   * The pictures of news pages: public (the desktop app shows them, signed in or not), under fresh names
   * (`{uuid}.{ext}`), so an answer may be cached long; uploaded by admins' browsers (decision 040).
   */
  news: {
    env: 'NEWS_MEDIA_BUCKET',
    served: { kind: 'path', path: '/news-media', cache: 'optimized' },
    versioned: false, // never edited in place: a new picture gets a new name
    browserUploads: true,
  },
  /** IV curve files. */
  ivcurves: {
    env: 'IV_CURVES_BUCKET',
    served: { kind: 'private' }, // a curve's file is read through the API, which checks who may see it
    versioned: true, // an update's replaced file stays recoverable
  },
  /** The admin lists' snapshots (one object per list kind), a cold function's starting point. */
  lists: {
    env: 'LIST_SNAPSHOTS_BUCKET',
    served: { kind: 'private' },
    versioned: false, // rewritten every hour from the table
  },
} as const satisfies Record<string, BucketDeclaration>;

export type BucketName = keyof typeof buckets;
export const bucketNames = Object.keys(buckets) as BucketName[];

/**
 * The CORS rule of a bucket that takes browser uploads, in AWS (infra/constructs/files.ts) and on the
 * local S3 alike: a presigned POST comes from the portal's pages, another origin than the bucket's, and
 * the browser hands the page S3's answer only when the bucket says so. Any origin: the signed policy,
 * not the origin, decides what is stored.
 */
export const browserUploadCors = { allowedMethods: ['POST'], allowedOrigins: ['*'], allowedHeaders: ['*'], maxAgeSeconds: 3600 } as const;

/**
 * The signed paths a caller's token also opens, each with where the edge sends such a request: the
 * endpoint's own path followed by the bucket's (`/attachments/…` → `{apiPrefix}/case/attachments/…`).
 */
export const tokenPaths = (apiPrefix: string): { bucket: BucketName; path: string; endpoint: string; apiPath: string }[] =>
  (Object.entries(buckets) as [BucketName, BucketDeclaration][]).flatMap(([bucket, { served }]) =>
    served.kind === 'signed' && served.byToken ? [{ bucket, path: served.path, endpoint: served.byToken.endpoint, apiPath: `${apiPrefix}/${served.byToken.endpoint}${served.path}` }] : [],
  );

/** Whether any bucket takes browsers' presigned uploads (the CSP then admits S3). */
export const takesBrowserUploads = Object.values(buckets as Record<string, BucketDeclaration>).some((bucket) => bucket.browserUploads);


/**
 * What a function may do with a bucket's objects:
 * - `get`, `put`, `delete`: read, write, remove an object by its key;
 * - `sign-put`: hand out a presigned upload (an S3 POST policy with a size range and a content type);
 *   S3 checks the upload against the signer's rights, so it needs PutObject;
 * - `sign-get`: hand out a download link with an expiry: a signed link at the bucket's path for a
 *   `signed` bucket (the edge checks it with the link-signing secret), a presigned S3 URL otherwise
 *   (S3 checks the signer's GetObject).
 */
export type FileOperation = 'get' | 'put' | 'delete' | 'sign-put' | 'sign-get';

/** A unit's file needs: per bucket, the operations it uses. */
export type FileNeeds = { readonly [B in BucketName]?: readonly FileOperation[] };
