import type { KeyboardEvent, MouseEvent } from 'react';
import { useState } from 'react';
import { formatDateTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import type { TLoanCarDamage } from '@/domain/loan-cars/loan-car.schemas';
import { LOAN_CAR_DRAWING } from '@/domain/loan-cars/loan-car.schemas';

interface CarDamageDrawingProps {
  car: { regNumber: string; damages: readonly TLoanCarDamage[] };
  /** A click (or Enter) on the car marks a damage there, x and y in percent of the drawing. Without it the drawing is read-only. */
  onAdd?: (x: number, y: number) => void;
  /** A click (or Enter) on a marker removes it. */
  onRemove?: (damageId: string) => void;
  /** Drawn width in pixels (the height is twice it). */
  width?: number;
  disabled?: boolean;
}

const STEP = 2;
const round = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;

/**
 * The loan car seen from above (the outline the signed agreement prints, LOAN_CAR_DRAWING) with its damage markers.
 * With `onAdd` a click on the car marks a damage; with the keyboard the arrow keys move a cross and Enter or space
 * marks there. With `onRemove` each marker is a button that removes it. Shared by the Departments screen and the
 * worksheet's loan agreement.
 */
export function CarDamageDrawing({ car, onAdd, onRemove, width = 150, disabled = false }: CarDamageDrawingProps) {
  const { width: w, height: h, paths } = LOAN_CAR_DRAWING;
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const editable = Boolean(onAdd) && !disabled;
  const plate = formatPlate(car.regNumber);
  const count = car.damages.length;
  const summary = `Skader på ${plate}: ${count === 0 ? 'ingen' : count}`;

  const click = (event: MouseEvent<SVGSVGElement>) => {
    if (!editable) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onAdd!(round(((event.clientX - box.left) / box.width) * 100), round(((event.clientY - box.top) / box.height) * 100));
  };

  const key = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!editable || event.target !== event.currentTarget) return;
    const at = cursor ?? { x: 50, y: 50 };
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP / 2],
      ArrowDown: [0, STEP / 2],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor({ x: round(at.x + move[0]), y: round(at.y + move[1]) });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onAdd!(at.x, at.y);
    }
  };

  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      width={width}
      height={width * (h / w)}
      role={editable || (onRemove && !disabled) ? 'application' : 'img'}
      aria-label={editable ? `${summary}. Klik på bilen for at markere en skade, eller brug piletasterne og Enter.` : summary}
      aria-disabled={onAdd && disabled ? true : undefined}
      tabIndex={editable ? 0 : undefined}
      onClick={click}
      onKeyDown={key}
      onFocus={(event) => {
        if (editable && event.target === event.currentTarget) setCursor((c) => c ?? { x: 50, y: 50 });
      }}
      onBlur={(event) => {
        if (event.target === event.currentTarget) setCursor(null);
      }}
      style={{
        cursor: editable ? 'crosshair' : 'default',
        background: 'var(--mantine-color-gray-0)',
        borderRadius: 8,
        flexShrink: 0,
        touchAction: 'manipulation',
      }}
    >
      <path d={paths.body} fill="white" stroke="#495057" strokeWidth={1.2} />
      <path d={paths.windscreen} fill="#d0ebff" stroke="#495057" strokeWidth={0.8} />
      <path d={paths.roof} fill="#f1f3f5" stroke="#495057" strokeWidth={0.8} />
      <path d={paths.rearWindow} fill="#d0ebff" stroke="#495057" strokeWidth={0.8} />
      <path d={paths.wheels} fill="#343a40" />
      {cursor && editable ? (
        <g aria-hidden stroke="#1864ab" strokeWidth={0.8}>
          <line x1={(cursor.x / 100) * w - 5} x2={(cursor.x / 100) * w + 5} y1={(cursor.y / 100) * h} y2={(cursor.y / 100) * h} />
          <line x1={(cursor.x / 100) * w} x2={(cursor.x / 100) * w} y1={(cursor.y / 100) * h - 5} y2={(cursor.y / 100) * h + 5} />
        </g>
      ) : null}
      {car.damages.map((damage, index) => {
        const removable = Boolean(onRemove) && !disabled;
        const label = `Skade ${index + 1}, markeret ${formatDateTime(damage.date)}${damage.description ? `: ${damage.description}` : ''}`;
        return (
          <circle
            key={damage.id}
            cx={(damage.x / 100) * w}
            cy={(damage.y / 100) * h}
            r={4}
            fill="#e03131"
            stroke="white"
            strokeWidth={1}
            role={removable ? 'button' : undefined}
            tabIndex={removable ? 0 : undefined}
            aria-label={removable ? `Fjern ${label.charAt(0).toLowerCase()}${label.slice(1)}` : undefined}
            style={{ cursor: removable ? 'pointer' : 'default' }}
            onClick={(event) => {
              event.stopPropagation();
              if (removable) onRemove!(damage.id);
            }}
            onKeyDown={(event) => {
              if (removable && (event.key === 'Enter' || event.key === ' ')) {
                event.preventDefault();
                event.stopPropagation();
                onRemove!(damage.id);
              }
            }}
          >
            <title>{label}</title>
          </circle>
        );
      })}
    </svg>
  );
}
