import { generatePath } from 'react-router';
import { paths } from '../../lib/routing/paths';

/** A user's detail from the users list: /users/{user id}. */
export const usersUserPath = (userId: number) => generatePath(paths.user, { id: String(userId) });
