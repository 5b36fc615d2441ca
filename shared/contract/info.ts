import * as z from 'zod/mini';
import { latestEntrySchema, newsSchema } from '../news/news';
import { cmd, defineEndpoint } from './define';

/**
 * The `info` endpoint's reads: what the desktop app shows on its start screen (the Latest entries) and
 * its release news. Public: the app shows them before anyone signs in, and they hold nothing of anyone's
 * (a session sent along is not looked at). Its admin cmds are in info.admin.ts.
 */
export const infoContract = defineEndpoint({
  path: 'info',
  cmds: {
    /** The start screen's entries, in their order (none before an admin first saves them). */
    get_latest: cmd('public', () => ({}), () => z.object({ latest: z.array(latestEntrySchema) })),
    /** Every news version, newest first, each with its pages. */
    get_all_news: cmd('public', () => ({}), () => z.object({ news: z.array(newsSchema) })),
  },
});
