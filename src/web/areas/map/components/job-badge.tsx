import type { CSSProperties } from 'react';

/** Colours of the circle drawn round a workshop (or the custom view's address). */
export const RADIUS_COLOUR = '#343a40';

/**
 * The look of a job's mark, in the list and on the map alike: a disc in the van's or fitter's colour with the job's
 * number in white, a thin white ring and an outer ring in the day's colour.
 */
export function badgeStyle(fill: string, ring: string, size: number): CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flex: 'none',
    boxSizing: 'border-box',
    width: size,
    height: size,
    borderRadius: '50%',
    background: fill,
    color: '#ffffff',
    fontSize: Math.round(size * 0.46),
    fontWeight: 700,
    lineHeight: 1,
    boxShadow: `0 0 0 2px #ffffff, 0 0 0 ${Math.max(4, Math.round(size / 6))}px ${ring}`,
  };
}

/** The same style as an inline CSS text, for Leaflet's marker HTML. */
export function badgeCssText(fill: string, ring: string, size: number): string {
  const style = badgeStyle(fill, ring, size) as Record<string, string | number>;
  const px = new Set(['width', 'height', 'fontSize']);
  return Object.entries(style)
    .map(
      ([key, value]) =>
        `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${typeof value === 'number' && px.has(key) ? `${value}px` : value}`,
    )
    .join(';');
}

interface JobBadgeProps {
  number: number;
  fill: string;
  ring: string;
  size?: number;
}

/** A job's number as its marker shows it (the number is read with the job, so the mark itself is hidden). */
export function JobBadge({ number, fill, ring, size = 26 }: JobBadgeProps) {
  return (
    <span aria-hidden style={{ ...badgeStyle(fill, ring, size), margin: 5 }}>
      {number}
    </span>
  );
}
