import { Select } from '../../../components/select';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import type { TRoleMember } from '@/domain/users/user.schemas';

const CLEAR = '__slet__';
const ALL = '__alle__';
export const PICKER_LABELS = ['Første afdeling', 'Anden afdeling', 'Tredje afdeling'] as const;

interface DepartmentPickersProps {
  /** Parent departments, sorted by name. */
  departments: readonly TDepartmentSummary[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** How many dropdowns: three, one on a phone. */
  count: number;
}

/**
 * Up to three department dropdowns (document 3): parent departments only, 'Slet valgte' to clear, placeholder
 * 'Vælg en afdeling'; each is enabled once the one before is filled. Clearing one moves the later ones up.
 */
export function DepartmentPickers({ departments, chosen, onChange, count }: DepartmentPickersProps) {
  return PICKER_LABELS.slice(0, count).map((label, i) => {
    const value = chosen[i] ?? null;
    const data = [
      ...(value ? [{ value: CLEAR, label: 'Slet valgte' }] : []),
      ...departments.map((d) => ({ value: d.id, label: d.name, disabled: d.id !== value && chosen.includes(d.id) })),
    ];
    return (
      <Select
        key={label}
        label={label}
        placeholder="Vælg en afdeling"
        data={data}
        value={value}
        disabled={i > chosen.length}
        onChange={(next) => {
          if (next === CLEAR || next === null) return onChange(chosen.filter((_, k) => k !== i));
          const copy = [...chosen];
          copy[i] = next;
          onChange(copy);
        }}
        allowDeselect={false}
        searchable
        nothingFoundMessage="Ingen afdelinger"
        maxDropdownHeight={250}
        w={{ base: '100%', sm: 210 }}
      />
    );
  });
}

interface FitterPickerProps {
  /** The operators of the chosen departments. */
  fitters: readonly TRoleMember[];
  value: string;
  onChange: (worker: string) => void;
}

/** The montør dropdown (document 3): operators of the chosen departments; it filters the calendars. */
export function FitterPicker({ fitters, value, onChange }: FitterPickerProps) {
  const data = [{ value: ALL, label: 'Alle montører' }, ...fitters.map((u) => ({ value: u.id, label: `${u.name} (${u.initials})` }))];
  return (
    <Select
      label="Montør"
      data={data}
      value={value || ALL}
      onChange={(next) => onChange(!next || next === ALL ? '' : next)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Ingen montører"
      maxDropdownHeight={250}
      w={{ base: '100%', sm: 240 }}
    />
  );
}
