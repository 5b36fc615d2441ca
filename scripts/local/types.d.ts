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
    /** Creates its HTTP server and listens; with a callback last, returns the server at once. */
    listen(...args: [...unknown[], () => void]): import('node:http').Server;
    listen(...args: unknown[]): Promise<import('node:http').Server>;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
