import { Select } from '../../../components/select';
import { REGION_LABELS, REGIONS, type TDepartment } from '@/domain/departments/department.schemas';

const collator = new Intl.Collator('da');

/** The departments grouped by region (Jylland, Fyn, Sjælland) and sorted by name, as a picker's options. */
export function departmentGroups(departments: readonly TDepartment[]) {
  return REGIONS.map((region) => ({
    group: REGION_LABELS[region],
    items: departments
      .filter((d) => d.region === region)
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((d) => ({ value: d.id, label: d.inActive ? `${d.name} (inaktiv)` : d.name })),
  })).filter((g) => g.items.length > 0);
}

interface DepartmentPickerProps {
  departments: readonly TDepartment[];
  value: string | null;
  onChange: (departmentId: string) => void;
  loading?: boolean;
}

/** 'Afdeling': the departments the user may open, by region; choosing one opens /departments/{id}. */
export function DepartmentPicker({ departments, value, onChange, loading = false }: DepartmentPickerProps) {
  return (
    <Select
      label="Afdeling"
      placeholder={loading ? 'Henter afdelinger…' : 'Vælg en afdeling'}
      data={departmentGroups(departments)}
      value={value}
      onChange={(id) => id && id !== value && onChange(id)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Ingen afdeling hedder sådan"
      maxDropdownHeight={250}
      w={{ base: '100%', sm: 280 }}
    />
  );
}
