import { ActionIcon, Badge, Box, Checkbox, Group, Loader, Paper, SimpleGrid, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconLock, IconLockOpen, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ZTimeSlotInput, type TTimeSlot, type TTimeSlotType } from '@/domain/departments/department.schemas';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { isStaleCopyError, useStaleCopy } from '../../../lib/stale-copy';
import { removeTimeSlot, saveTimeSlot, useReloadDepartment } from '../api';
import { changedSlot, findSlot, formatHours, formatSlotValue, SLOT_FIELD_LABELS, slotToInput } from '../department-form';
import { HoursInput } from './hours-input';
import { NumberField } from './number-field';

/** Slot edits are saved this long after the last change (document 3 section 9). */
export const SLOT_SAVE_DELAY_MS = 500;

const STALE_OPTIONS = { labels: SLOT_FIELD_LABELS, format: formatSlotValue };

type SlotField = 'from' | 'to' | 'maxBookings' | 'reperationTime' | 'stoneChipAlternativeWinReplace' | 'hasFreeCar';
type SlotPatch = Partial<Pick<TTimeSlot, SlotField>>;

/** The tooltip of a slot's lock (document 3: bookings are linked to the slot). */
export function linkedText(linked: number): string {
  return `Der er ${linked} ${linked === 1 ? 'booking' : 'bookinger'} knyttet til tiden`;
}

function failure(error: unknown, fallback: string): string {
  return isApiError(error) && error.status !== 500 ? error.message : fallback;
}

interface SlotEditorOptions {
  departmentId: string;
  type: TTimeSlotType;
  slot: TTimeSlot;
  onSaved: (slot: TTimeSlot) => void;
  onDeleted: (slotId: string) => void;
}

/**
 * One slot's editing: the shown values, their field errors (the domain's slot schema), one save 500 ms after the
 * last change (one POST per slot, in order), a refusal shown as the server words it and the slot put back as stored.
 * Each save sends the version of the stored copy the edits build on (`known`: as read, then as each own save
 * answered); a save refused because another saved the slot meanwhile keeps the values on screen and shows what the
 * other changed (StaleCopyNotice), with 'Genindlæs'. After a save the slot shows 'Gemt' (issue 39).
 */
function useSlotEditor({ departmentId, type, slot, onSaved, onDeleted }: SlotEditorOptions) {
  const [draft, setDraft] = useState(slot);
  const [given, setGiven] = useState(slot);
  const [errors, setErrors] = useState<Partial<Record<SlotField, string>>>({});
  const [busy, setBusy] = useState(0);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const reloadDepartment = useReloadDepartment();
  const stale = useStaleCopy<TTimeSlot>(STALE_OPTIONS);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<TTimeSlot | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const stored = useRef(slot);
  const known = useRef(slot);
  /** While a stale copy's notice is open, the values on screen stay the user's, whatever the list reads meanwhile. */
  const holding = useRef(false);
  const callbacks = useRef({ onSaved, onDeleted });
  useEffect(() => {
    stored.current = slot;
    callbacks.current = { onSaved, onDeleted };
  });

  if (slot !== given) {
    // The stored slot changed (our own save came back, or another change): show it unless a change waits. While one
    // waits, its version stays the one its edits were made on, so another's save meanwhile is not overwritten.
    setGiven(slot);
    if (pending.current === null && busy === 0 && !holding.current) {
      setDraft(slot);
      known.current = slot;
    }
  }

  /** The slot as saved now (the department read again), or null when it is gone. */
  const readSaved = async (slotId: string) => {
    const department = await reloadDepartment(departmentId);
    return department ? findSlot(department, type, slotId) : null;
  };

  const send = () => {
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    setBusy((n) => n + 1);
    queue.current = queue.current
      // The version as of the previous save's answer, read when this save goes out.
      .then(() => saveTimeSlot(departmentId, type, slotToInput({ ...next, updateId: known.current.updateId })))
      .then(
        (answer) => {
          known.current = answer;
          if (pending.current === null) setSaved(true);
          callbacks.current.onSaved(answer);
        },
        async (error: unknown) => {
          setSaved(false);
          if (isStaleCopyError(error)) holding.current = true;
          if (await stale.check(error, { base: known.current, mine: next }, () => readSaved(next.id))) return;
          notify.error(failure(error, 'Tiden kunne ikke gemmes'));
          if (isApiError(error) && error.errors) {
            setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')])));
          }
          if (pending.current === null) setDraft(stored.current);
        },
      )
      .finally(() => setBusy((n) => n - 1));
  };

  /** 'Genindlæs': the saved copy is shown and its version is the one the next edits build on. */
  const reload = (copy: TTimeSlot | null) => {
    holding.current = false;
    stale.clear();
    if (!copy) return;
    known.current = copy;
    setDraft(copy);
    setErrors({});
  };

  // Leaving the screen within the 500 ms still saves the last change.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        send();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on unmount
    [],
  );

  const change = (patch: SlotPatch) => {
    const next = changedSlot(draft, patch);
    setDraft(next);
    setSaved(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const parsed = ZTimeSlotInput.safeParse(slotToInput(next));
    if (!parsed.success) {
      pending.current = null;
      const found: Partial<Record<SlotField, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as SlotField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    pending.current = next;
    timer.current = setTimeout(send, SLOT_SAVE_DELAY_MS);
  };

  const remove = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    setDeleting(true);
    queue.current = queue.current
      .then(() => removeTimeSlot(departmentId, type, slot.id))
      .then(
        () => callbacks.current.onDeleted(slot.id),
        (error: unknown) => {
          notify.error(failure(error, 'Tiden kunne ikke slettes'));
          setDeleting(false);
        },
      );
  };

  const saving = busy > 0 || pending.current !== null;
  /** 'Luk': the values stay on screen, unsaved; the next change is saved with the version they were made on. */
  const closeConflict = () => {
    holding.current = false;
    stale.clear();
  };

  return { draft, errors, saving, saved: saved && !saving, deleting, change, remove, conflict: stale.conflict, reload, closeConflict };
}

/**
 * Whether the slot's last change is being saved or was saved: a status region that is always there (so a screen
 * reader announces its change), 'Gemmer' while a save is under way, 'Gemt' once the last one is stored.
 */
function SaveState({ saving, saved }: { saving: boolean; saved: boolean }) {
  return (
    <Box component="span" role="status" aria-live="polite" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      {saving ? (
        <>
          <Loader size={14} aria-hidden />
          <Text span size="xs" c="dimmed">
            Gemmer
          </Text>
        </>
      ) : saved ? (
        <Badge color="teal" variant="light" radius="sm" tt="none" leftSection={<IconCheck size={12} aria-hidden />}>
          Gemt
        </Badge>
      ) : null}
    </Box>
  );
}

interface SlotEditorProps extends SlotEditorOptions {
  /** Bookings linked to the slot (GET alreadyUsedTimeslots); a slot with any is locked. */
  linked: number;
  layout: 'row' | 'card';
  /**
   * Whether the user has opened the slot's lock. Kept by the panel, not here: an opened lock stays open while the
   * panel is shown, even if this row is drawn anew (a CI run once found a row remounted after a refused save).
   */
  unlocked: boolean;
  onUnlockedChange: (unlocked: boolean) => void;
}

/** The columns of the slot table, in order (the card uses the same labels). */
export const SLOT_COLUMNS = ['Fra', 'Til', 'Pladser', 'Reparationstid (timer)', 'Omregning', 'Gratis lånebil', 'Bookinger'] as const;

/**
 * One time slot: from, to, places, repair time (step 0.5), the stone-chip conversion value and a free loan car
 * (ticking it makes the places 1). A slot with bookings is locked: its lock must be opened to change it, its day and
 * times stay, and it cannot be deleted.
 */
export function SlotEditor({ linked, layout, unlocked, onUnlockedChange, ...options }: SlotEditorProps) {
  const { draft, errors, saving, saved, deleting, change, remove, conflict, reload, closeConflict } = useSlotEditor(options);
  const isLinked = linked > 0;
  const locked = isLinked && !unlocked;
  const span = `${formatHours(draft.from)}–${formatHours(draft.to)}`;
  const size = layout === 'row' ? 'xs' : 'sm';
  const label = (text: string) => (layout === 'row' ? { 'aria-label': text } : { label: text });

  const from = (
    <HoursInput
      {...label('Fra')}
      size={size}
      w={layout === 'row' ? 72 : undefined}
      value={draft.from}
      onChange={(v) => change({ from: v })}
      error={errors.from}
      disabled={isLinked}
    />
  );
  const to = (
    <HoursInput
      {...label('Til')}
      size={size}
      w={layout === 'row' ? 72 : undefined}
      value={draft.to}
      onChange={(v) => change({ to: v })}
      error={errors.to}
      disabled={isLinked}
    />
  );
  const places = (
    <NumberField
      {...label('Pladser')}
      size={size}
      w={layout === 'row' ? 70 : undefined}
      min={0}
      max={99}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      value={draft.maxBookings}
      onChange={(v) => change({ maxBookings: v ?? Number.NaN })}
      error={errors.maxBookings}
      disabled={locked || draft.hasFreeCar}
    />
  );
  const repair = (
    <NumberField
      {...(layout === 'row' ? { 'aria-label': 'Reparationstid (timer)' } : { label: 'Reparationstid', suffix: ' timer' })}
      size={size}
      w={layout === 'row' ? 80 : undefined}
      min={0}
      max={24}
      step={0.5}
      decimalScale={1}
      decimalSeparator=","
      allowNegative={false}
      value={draft.reperationTime}
      onChange={(v) => change({ reperationTime: v ?? Number.NaN })}
      error={errors.reperationTime}
      disabled={locked}
    />
  );
  const conversion = (
    <NumberField
      {...label('Omregning')}
      size={size}
      w={layout === 'row' ? 80 : undefined}
      min={0}
      max={100}
      step={0.5}
      decimalScale={2}
      decimalSeparator=","
      allowNegative={false}
      value={draft.stoneChipAlternativeWinReplace}
      onChange={(v) => change({ stoneChipAlternativeWinReplace: v ?? Number.NaN })}
      error={errors.stoneChipAlternativeWinReplace}
      disabled={locked}
    />
  );
  const freeCar = (
    <Checkbox
      {...(layout === 'row' ? { 'aria-label': 'Gratis lånebil' } : { label: 'Gratis lånebil' })}
      checked={draft.hasFreeCar}
      onChange={(e) => change({ hasFreeCar: e.currentTarget.checked })}
      disabled={locked}
    />
  );
  const status = (
    <Group gap={6} wrap="nowrap">
      {isLinked ? (
        <Tooltip label={linkedText(linked)} withArrow>
          <ActionIcon
            variant={locked ? 'light' : 'subtle'}
            color={locked ? 'orange' : 'gray'}
            aria-pressed={locked}
            aria-label={`${locked ? 'Lås op' : 'Lås'} tiden ${span}. ${linkedText(linked)}`}
            onClick={() => onUnlockedChange(!unlocked)}
          >
            {locked ? <IconLock size={18} /> : <IconLockOpen size={18} />}
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Badge variant="light" color={isLinked ? 'orange' : 'gray'} radius="sm" tt="none" style={{ flexShrink: 0 }}>
        {layout === 'row' ? linked : `${linked} ${linked === 1 ? 'booking' : 'bookinger'}`}
      </Badge>
      <SaveState saving={saving} saved={saved} />
    </Group>
  );
  const deleteButton = (
    <Tooltip label={isLinked ? 'Tiden kan ikke slettes, da der er bookinger knyttet til den' : 'Slet tiden'} withArrow>
      {/* A wrapper, so the tooltip also shows on the disabled button. */}
      <span style={{ display: 'inline-flex' }}>
        <ActionIcon
          variant="subtle"
          color="red"
          disabled={isLinked || deleting}
          loading={deleting}
          aria-label={`Slet tiden ${span}`}
          onClick={remove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </span>
    </Tooltip>
  );

  const notice = conflict ? <StaleCopyNotice conflict={conflict} onReload={reload} onClose={closeConflict} /> : null;

  if (layout === 'row') {
    return (
      <>
        <Table.Tr aria-label={`Tid ${span}`}>
          <Table.Td>{from}</Table.Td>
          <Table.Td>{to}</Table.Td>
          <Table.Td>{places}</Table.Td>
          <Table.Td>{repair}</Table.Td>
          <Table.Td>{conversion}</Table.Td>
          <Table.Td>{freeCar}</Table.Td>
          <Table.Td>{status}</Table.Td>
          <Table.Td>{deleteButton}</Table.Td>
        </Table.Tr>
        {notice ? (
          <Table.Tr>
            <Table.Td colSpan={SLOT_COLUMNS.length + 1}>{notice}</Table.Td>
          </Table.Tr>
        ) : null}
      </>
    );
  }
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Tid ${span}`}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600}>{span}</Text>
        <Group gap={4} wrap="nowrap">
          {status}
          {deleteButton}
        </Group>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {from}
        {to}
        {places}
        {repair}
        {conversion}
        <div style={{ paddingTop: 26 }}>{freeCar}</div>
      </SimpleGrid>
      {notice ? <Box mt="sm">{notice}</Box> : null}
    </Paper>
  );
}
