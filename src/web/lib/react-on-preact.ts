/**
 * `react` and `react-dom` for the staff app's build on preact/compat (vite.config.ts, WEB_PREACT=1; issue 38): what
 * preact/compat 10 gives, plus the few React 19 pieces Mantine 9 uses that it lacks: `use` (of a context, or of a
 * promise under Suspense), `useEffectEvent`, `Activity`, and `ref` as a plain prop of a function component (React 19
 * passes it so; Preact 10 only through forwardRef). The web tests and the development server keep React.
 */
import { options, type VNode } from 'preact';
import * as compat from 'preact/compat';
import { Fragment, createElement, useCallback, useContext, useLayoutEffect, useRef, type Context } from 'preact/compat';

// preact/compat's types are one `export =` namespace; at run time it is a module of named exports, all passed on.
// @ts-expect-error TS2498: re-exporting an `export =` module's members
export * from 'preact/compat';
export default compat;

interface TrackedPromise<T> extends Promise<T> {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
}

/** React 19's `use`: a context's value, or a promise's (suspending until it settles, as React does). */
export function use<T>(usable: Context<T> | TrackedPromise<T>): T {
  // As React's, `use` may be called conditionally: a component calls it in the same order on every draw.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  if (typeof (usable as TrackedPromise<T>).then !== 'function') return useContext(usable as Context<T>);
  const promise = usable as TrackedPromise<T>;
  if (promise.status === 'fulfilled') return promise.value as T;
  if (promise.status === 'rejected') throw promise.reason;
  if (!promise.status) {
    promise.status = 'pending';
    promise.then(
      (value) => Object.assign(promise, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
    );
  }
  throw promise;
}

/** React 19.2's `useEffectEvent`: a stable function that always calls the newest `callback`. */
export function useEffectEvent<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * React 19.2's `Activity`: its children drawn while visible. Hidden, React keeps them mounted with display: none;
 * Mantine's only use (a kept-mounted tab panel) hides the panel itself, so here they stay mounted as they are.
 */
export function Activity({ children }: { mode?: 'visible' | 'hidden'; children?: compat.ReactNode }) {
  return createElement(Fragment, null, children);
}

interface PreactOptions {
  /** Called before a vnode is drawn (Preact's source names; the build uses its source, vite.config.ts). */
  _diff?: (vnode: VNode) => void;
}

const preactOptions = options as PreactOptions;
const previousDiff = preactOptions._diff;
// React 19: a function component gets `ref` as a prop. Moved when the vnode is drawn, not when it is made, so the
// element's own `ref` is there for a parent that reads or clones it first (Mantine's getRefProp).
preactOptions._diff = (vnode) => {
  const type = vnode.type as unknown as (((props: unknown) => unknown) & { _forwarded?: boolean }) | string;
  if (typeof type === 'function' && !type._forwarded && !(type.prototype as { render?: unknown } | undefined)?.render && vnode.ref) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    (vnode as { ref: unknown }).ref = null;
  }
  previousDiff?.(vnode);
};
