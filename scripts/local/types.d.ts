declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list (s3rver is a Koa application), composed when it starts listening. */
    middleware: unknown[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
