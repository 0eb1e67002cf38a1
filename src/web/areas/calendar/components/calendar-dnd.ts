// react-big-calendar's drag-and-drop addon with its styles. A chunk of its own (the screen asks for it beside the
// calendar's), so no chunk of the calendar is over the 60 KB budget (docs/decisions.md).
import withDragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { cjsDefault } from './cjs-default';

export type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
export const withDnD = cjsDefault(withDragAndDrop);
