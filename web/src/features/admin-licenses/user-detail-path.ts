import { generatePath } from 'react-router';
import { paths } from '../../lib/routing/paths';

/** The admin detail of a user (/alllicenses/{user id}), where every user id on these screens links to. */
export const userDetailPath = (userId: number) => generatePath(paths.allLicensesUser, { id: String(userId) });
