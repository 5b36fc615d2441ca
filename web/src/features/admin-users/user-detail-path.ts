import { generatePath } from 'react-router';
import { paths } from '../../lib/routing/paths';

/** The admin detail of a user (/alllicenses/{user id}), where every user id on the admin screens links to. */
export const userDetailPath = (userId: number) => generatePath(paths.allLicensesUser, { id: String(userId) });

/** A user's detail from the users list: /users/{user id} (its back link goes to the users list). */
export const usersUserPath = (userId: number) => generatePath(paths.user, { id: String(userId) });
