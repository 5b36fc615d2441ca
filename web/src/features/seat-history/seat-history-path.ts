import { generatePath } from 'react-router';
import { paths } from '../../lib/routing/paths';

/** The address of license `id`'s seat history. */
export const seatHistoryPath = (id: number): string => generatePath(paths.seatHistory, { id: String(id) });
