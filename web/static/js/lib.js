// The component library of the client: Preact with htm's tagged templates (no JSX, so no build
// step), vendored under /vendor and named by the page's import map. Every module imports them
// from here.
import { h, render, Fragment } from 'preact';
import { useState, useEffect, useRef, useMemo, useCallback, useReducer } from 'preact/hooks';
import htm from 'htm';

/** html`<div class=${c}>...</div>` builds Preact elements. */
export const html = htm.bind(h);
export { h, render, Fragment, useState, useEffect, useRef, useMemo, useCallback, useReducer };

/**
 * useStore re-renders the calling component whenever the store changes.
 * @param {{subscribe(fn: () => void): () => void}} store
 */
export function useStore(store) {
  const [, bump] = useReducer((/** @type {number} */ n) => n + 1, 0);
  useEffect(() => {
    const off = store.subscribe(() => bump(0));
    bump(0); // a change between the first render and this subscription (the welcome) is not missed
    return off;
  }, [store]);
}
