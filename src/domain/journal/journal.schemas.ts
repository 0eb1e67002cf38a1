import { z } from 'zod';
import { zWireDateTime } from '../orders';

/** The task journal (GET /api/taskjournal/{id}): an order's changes, each field with its label and old and new value. */

export const ZJournalChange = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TJournalChange = z.infer<typeof ZJournalChange>;

export const ZJournalEntry = z.object({
  id: z.string(),
  date: zWireDateTime,
  /** Initials of who made the change ('WEB' for the web shop). */
  by: z.string(),
  /** Their name, when known. */
  byName: z.string(),
  text: z.string(),
  changes: z.array(ZJournalChange),
});
export type TJournalEntry = z.infer<typeof ZJournalEntry>;
