import { generatePath } from 'react-router';
import { paths } from '../../lib/routing/paths';

/** The address of organisation `id`'s screen. */
export const organisationPath = (id: number): string => generatePath(paths.organisation, { id: String(id) });
