/**
 * Who may see and change an IV curve (decision 024): a public curve is seen by every signed-in user, a
 * private one by its owner and admins; only the owner and admins change a curve, and only admins make
 * one public or private.
 */
export interface CurveViewer {
  userId: number;
  isAdmin: boolean;
}

type Curve = { user_id: number; public: boolean };

export const maySee = (curve: Curve, viewer: CurveViewer): boolean => curve.public || viewer.isAdmin || curve.user_id === viewer.userId;

export const mayChange = (curve: Curve, viewer: CurveViewer): boolean => viewer.isAdmin || curve.user_id === viewer.userId;

/** The curves a viewer's list shows, each once, newest (highest id) first. */
export function visibleCurves<C extends Curve & { id: number }>(curves: readonly C[], viewer: CurveViewer): C[] {
  const byId = new Map<number, C>();
  for (const curve of curves) if (maySee(curve, viewer)) byId.set(curve.id, curve);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}
