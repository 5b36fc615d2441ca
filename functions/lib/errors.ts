import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the caller, answered as `{status: "error", message}`. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
