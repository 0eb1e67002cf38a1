import { Box, ColorSwatch, NativeSelect, Tabs } from '@mantine/core';
import { useState } from 'react';
import { REASON_LIST_KEYS, REASON_LIST_TITLES, type TReasonListKey } from '@/domain/orders/order-lifecycle.schemas';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { useReasonLists, useSaveReasonList } from '../api';
import { editorErrors, ReasonListEditor, rowsOf, textsOf, type ReasonRow } from '../components/reason-list-editor';

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}

/**
 * Årsagslister (Adminstrator): the reasons of the log dialog (per log type) and the complaint issue
 * lists, kept as data. One list at a time; each list is saved on its own, and leaving with unsaved
 * changes asks first.
 */
export function ReasonsScreen() {
  const isPhone = useIsPhone();
  const lists = useReasonLists();
  const save = useSaveReasonList();
  const [active, setActive] = useState<TReasonListKey>(REASON_LIST_KEYS[0]!);
  /** The lists being edited; a list without a draft shows what is saved. */
  const [drafts, setDrafts] = useState<Partial<Record<TReasonListKey, ReasonRow[]>>>({});
  const [attempted, setAttempted] = useState<Partial<Record<TReasonListKey, boolean>>>({});

  const savedTexts = (key: TReasonListKey) => (lists.data?.[key] ?? []).map((reason) => reason.text);
  const rowsFor = (key: TReasonListKey) => drafts[key] ?? rowsOf(savedTexts(key));
  const isDirty = (key: TReasonListKey) => drafts[key] !== undefined && !sameTexts(textsOf(drafts[key]), savedTexts(key));
  const anyDirty = REASON_LIST_KEYS.some(isDirty);
  useLeaveConfirmation(anyDirty);

  const dropDraft = (key: TReasonListKey) => {
    setDrafts(({ [key]: _, ...rest }) => rest);
    setAttempted(({ [key]: _, ...rest }) => rest);
  };

  const saveList = (key: TReasonListKey) => {
    const rows = rowsFor(key);
    const errors = editorErrors(rows);
    if (errors.list.length > 0 || errors.rows.some(Boolean)) {
      setAttempted((a) => ({ ...a, [key]: true }));
      return;
    }
    save.mutate(
      { key, texts: textsOf(rows), saved: lists.data! },
      {
        onSuccess: () => {
          dropDraft(key);
          notify.success(`Årsagerne til ${REASON_LIST_TITLES[key]} er gemt`);
        },
      },
    );
  };

  const title = (key: TReasonListKey) => REASON_LIST_TITLES[key];
  const editor = (key: TReasonListKey) => (
    <ReasonListEditor
      title={title(key)}
      rows={rowsFor(key)}
      dirty={isDirty(key)}
      showErrors={attempted[key] === true}
      saving={save.isPending && save.variables?.key === key}
      onChange={(rows) => setDrafts((d) => ({ ...d, [key]: rows }))}
      onSave={() => saveList(key)}
      onReset={() => dropDraft(key)}
    />
  );

  return (
    <>
      <PageHeader
        title="Årsagslister"
        description="Årsagerne, man vælger imellem, når en opgave flyttes, annulleres, får ny hovedvare eller mersalg, og på reklamationer."
      />
      <QueryState
        query={lists}
        loadingLabel="Indlæser årsagslister"
        errorTitle="Årsagslisterne kunne ikke hentes"
        isEmpty={false}
        emptyText=""
      >
        {isPhone ? (
          <>
            <NativeSelect
              label="Liste"
              mb="md"
              value={active}
              onChange={(event) => setActive(event.currentTarget.value as TReasonListKey)}
              data={REASON_LIST_KEYS.map((key) => ({ value: key, label: isDirty(key) ? `${title(key)} (ikke gemt)` : title(key) }))}
            />
            {editor(active)}
          </>
        ) : (
          <Tabs
            value={active}
            onChange={(value) => value && setActive(value as TReasonListKey)}
            orientation="vertical"
            variant="pills"
            keepMounted={false}
            styles={{ tabLabel: { flex: 1, textAlign: 'left' } }}
          >
            <Tabs.List aria-label="Årsagslister" w={250} mr="lg" style={{ position: 'sticky', top: 72, alignSelf: 'flex-start' }}>
              {REASON_LIST_KEYS.map((key) => (
                <Tabs.Tab
                  key={key}
                  value={key}
                  rightSection={
                    isDirty(key) ? <ColorSwatch color="var(--mantine-color-orange-6)" size={10} aria-label="ikke gemt" /> : null
                  }
                >
                  {title(key)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {REASON_LIST_KEYS.map((key) => (
              <Tabs.Panel key={key} value={key}>
                <Box maw={760}>{editor(key)}</Box>
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </QueryState>
    </>
  );
}
