import * as z from 'zod/mini';

/**
 * A person as a customer's result names them: their user id and their first and last name. Customers
 * get names only of people a record links them to (whom they shared a license with, who shared one with
 * them), never an email; admin results carry emails (`*_email`, `user`).
 */
export const personSchema = z.object({ id: z.int(), name: z.string() });
export type Person = z.infer<typeof personSchema>;
