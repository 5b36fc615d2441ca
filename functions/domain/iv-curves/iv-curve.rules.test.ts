import { describe, expect, it } from 'vitest';
import { mayChange, maySee, visibleCurves } from './iv-curve.rules';

const owner = { userId: 7, isAdmin: false };
const stranger = { userId: 8, isAdmin: false };
const admin = { userId: 1, isAdmin: true };
const privateCurve = { id: 3, user_id: 7, public: false };
const publicCurve = { id: 4, user_id: 1, public: true };

describe('who may see and change an IV curve', () => {
  it('shows a private curve to its owner and admins only', () => {
    expect([owner, stranger, admin].map((viewer) => maySee(privateCurve, viewer))).toEqual([true, false, true]);
  });

  it('shows a public curve to everyone, but lets only its owner and admins change it', () => {
    expect([owner, stranger, admin].map((viewer) => maySee(publicCurve, viewer))).toEqual([true, true, true]);
    expect([owner, stranger, admin].map((viewer) => mayChange(publicCurve, viewer))).toEqual([false, false, true]);
    expect(mayChange(privateCurve, owner)).toBe(true);
    expect(mayChange(privateCurve, stranger)).toBe(false);
  });

  it('lists what a viewer may see once each, newest first', () => {
    const others = { id: 5, user_id: 9, public: false };
    expect(visibleCurves([privateCurve, publicCurve, others, publicCurve], stranger)).toEqual([publicCurve]);
    expect(visibleCurves([privateCurve, publicCurve, others, publicCurve], owner)).toEqual([publicCurve, privateCurve]);
    expect(visibleCurves([privateCurve, publicCurve, others], admin).map((c) => c.id)).toEqual([5, 4, 3]);
  });
});
