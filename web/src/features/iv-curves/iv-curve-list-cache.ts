import type { QueryClient } from '@tanstack/react-query';
import type { CmdInput, CmdResult } from '../../../../shared/contract/define';
import { userContract, type IvCurve } from '../../../../shared/contract/user';
import { cmdPrefix } from '../../api/cmd-query';

type IvCurveList = CmdResult<typeof userContract, 'get_iv_curves'>;
type IvCurvesParams = CmdInput<typeof userContract, 'get_iv_curves'>;

/** Every page, order and search of the caller's IV curve list held. */
const ivCurvesQueryKey = cmdPrefix(userContract, 'get_iv_curves');

/** A page in the list's first order (newest first, no search): where a new curve shows at once. */
const isFirstNewestPage = (params: IvCurvesParams) =>
  (params.page ?? 1) === 1 && !params.search && (params.order_by === undefined || (params.order_by === 'id' && params.descending !== false));

/**
 * Puts a change into every page of the list held, from the answer itself: a customer's list reads an
 * index that may lag a moment behind the write, so reading it again at once could show the old rows.
 * An updated curve replaces its row, a new one comes first on the first page of the newest-first list,
 * a deleted one leaves. The pages are marked stale, so the next page change reads them afresh.
 */
export function applyIvCurveChange(queryClient: QueryClient, change: { stored: IvCurve } | { deletedId: number }) {
  for (const [key, list] of queryClient.getQueriesData<IvCurveList>({ queryKey: ivCurvesQueryKey })) {
    if (!list) continue;
    const params = (key[2] ?? {}) as IvCurvesParams;
    const others = list.curves.filter((row) => row.id !== ('stored' in change ? change.stored.id : change.deletedId));
    let next: IvCurveList;
    if ('deletedId' in change) next = { ...list, curves: others, count: list.count - (others.length < list.curves.length ? 1 : 0) };
    else if (others.length < list.curves.length) next = { ...list, curves: list.curves.map((row) => (row.id === change.stored.id ? change.stored : row)) };
    else if (isFirstNewestPage(params)) next = { ...list, curves: [change.stored, ...list.curves].slice(0, params.limit ?? Infinity), count: list.count + 1 };
    else next = list;
    queryClient.setQueryData(key, next);
  }
  void queryClient.invalidateQueries({ queryKey: ivCurvesQueryKey, refetchType: 'none' });
}
