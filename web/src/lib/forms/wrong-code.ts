/**
 * A refused authenticator code: Cognito says CodeMismatchException, or EnableSoftwareTokenMFAException
 * when the first code of a new authenticator is wrong.
 */
const wrongCodeNames = new Set(['CodeMismatchException', 'EnableSoftwareTokenMFAException']);

export const isWrongCode = (error: unknown): boolean => wrongCodeNames.has(error instanceof Error ? error.name : '');
