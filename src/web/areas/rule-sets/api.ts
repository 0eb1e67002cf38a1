/**
 * The calls of Afdeling reglersæt and Debitor regelsæt (document 3 section 7, 'Rule sets' and 'Debtor rule sets'),
 * with the spec's failure toasts (section 8), and the two questions the booking step, the customer step and the
 * worksheet ask of the rule sets.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TMessage } from '@/domain/lib/api-error';
import { AUTOCOMPLETE_MIN_LENGTH } from '@/domain/parties/party.schemas';
import type {
  TCarCheckResult,
  TCarRule,
  TCarRuleInput,
  TDebitorRuleSet,
  TDebitorRuleSetInput,
  TRuleSet,
  TRuleSetInput,
  TRuleSetLinkRemoved,
} from '@/domain/rule-sets/rule-set.schemas';
import { api } from '../../lib/api-client';
import { debitorByNoQuery } from '../parties';

const q = encodeURIComponent;

/** Rules and rule sets page size 10 (document 3 section 9); 100000 loads everything (section 7). */
export const RULE_PAGE_SIZE = 10;
export const LOAD_ALL = 100_000;

/** The spec's toasts of Debitor regelsæt (document 3 section 8). */
export const DEBITOR_RULE_TOASTS = {
  get: 'Api: "Get debitor ruleset failed"',
  save: 'Api: "Save debitor ruleset failed"',
  delete: 'Api: "Delete debitor ruleset failed"',
} as const;

/** Danish names of the fields, for the exception dialog of a refused save. */
export const RULE_FIELD_LABELS: Record<string, string> = {
  carMake: 'Bilmærke',
  carModel: 'Model',
  isWorkAllowed: 'Arbejde er tilladt',
  minimumWorkLength: 'Minimum arbejdstid',
  disallowFrontWindowWork: 'Forrude',
  disallowBackWindowWork: 'Bagrude',
  disallowSideWindowWork: 'Siderude',
  disallowRoofWindowWork: 'Tagrude',
  ruleSetName: 'Navn',
  alertMessage: 'Advarselstekst',
  departmentIds: 'Afdelinger',
  ruleIds: 'Regler',
  _: 'Reglsæt',
};

export const DEBITOR_RULE_FIELD_LABELS: Record<string, string> = {
  id: 'Række',
  type: 'Type',
  user: 'Bruger',
  owner: 'Ejer',
  leasing: 'Leasing',
  insurrance: 'Forsikring',
  debitor: 'Debitor',
  isMandatory: 'Obligatorisk?',
};

export type TRulePage = { rules: TCarRule[]; totalPages: number };
export type TRuleSetPage = { ruleSets: TRuleSet[]; totalPages: number };

const RULE_SETS_KEY = ['rule-sets'] as const;
const rulesKey = (pageSize: number, pageNumber: number) => [...RULE_SETS_KEY, 'rules', pageSize, pageNumber] as const;
const setsKey = (pageSize: number, pageNumber: number) => [...RULE_SETS_KEY, 'sets', pageSize, pageNumber] as const;

// ---- Rules and rule sets ----------------------------------------------------------------

/** GET /api/departmentRuleSet/rules?pageSize&pageNumber (pageNumber 0-based). */
export function useRules(pageNumber: number, pageSize = RULE_PAGE_SIZE) {
  return useQuery({
    queryKey: rulesKey(pageSize, pageNumber),
    queryFn: ({ signal }) => api.get<TRulePage>(`/api/departmentRuleSet/rules?pageSize=${pageSize}&pageNumber=${pageNumber}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/departmentRuleSet/ruleSet?pageSize&pageNumber (pageNumber 0-based). */
export function useRuleSets(pageNumber: number, pageSize = RULE_PAGE_SIZE) {
  return useQuery({
    queryKey: setsKey(pageSize, pageNumber),
    queryFn: ({ signal }) => api.get<TRuleSetPage>(`/api/departmentRuleSet/ruleSet?pageSize=${pageSize}&pageNumber=${pageNumber}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every rule (a set's rules are ids: their names come from here) and every set (where a rule is used). */
export const useAllRules = () => useRules(0, LOAD_ALL);
export const useAllRuleSets = () => useRuleSets(0, LOAD_ALL);

/**
 * A rule, a set or a debtor rule row as saved now, read again (after a save was refused as a stale copy,
 * lib/stale-copy.ts); null when it is gone.
 */
export function useReadSaved() {
  const client = useQueryClient();
  return useMemo(() => {
    const fresh = <T>(queryKey: readonly unknown[], url: string) =>
      client.fetchQuery({ queryKey, queryFn: ({ signal }) => api.get<T>(url, signal), staleTime: 0 });
    return {
      rule: async (id: string) =>
        (await fresh<TRulePage>(rulesKey(LOAD_ALL, 0), `/api/departmentRuleSet/rules?pageSize=${LOAD_ALL}&pageNumber=0`)).rules.find(
          (r) => r.id === id,
        ) ?? null,
      ruleSet: async (id: string) =>
        (await fresh<TRuleSetPage>(setsKey(LOAD_ALL, 0), `/api/departmentRuleSet/ruleSet?pageSize=${LOAD_ALL}&pageNumber=0`)).ruleSets.find(
          (r) => r.id === id,
        ) ?? null,
      debitorRule: async (id: string) =>
        (await fresh<TDebitorRuleSet[]>(DEBITOR_RULES_KEY, '/api/debitorruleset/all')).find((r) => r.id === id) ?? null,
    };
  }, [client]);
}

function useRefreshRuleSets() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RULE_SETS_KEY });
}

/** POST /api/departmentRuleSet/rule?id: an empty id creates; the server keeps the make of an edited rule. */
export function useSaveRule() {
  const refresh = useRefreshRuleSets();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string; rule: TCarRuleInput }) => api.post<TCarRule>(`/api/departmentRuleSet/rule?id=${q(id)}`, rule),
    onSuccess: refresh,
    meta: { fieldLabels: RULE_FIELD_LABELS },
  });
}

/** POST /api/departmentRuleSet/ruleSet?id: {ruleSetName, alertMessage, departmentIds, ruleIds}. */
export function useSaveRuleSet() {
  const refresh = useRefreshRuleSets();
  return useMutation({
    mutationFn: ({ id, ruleSet }: { id: string; ruleSet: TRuleSetInput }) =>
      api.post<TRuleSet>(`/api/departmentRuleSet/ruleSet?id=${q(id)}`, ruleSet),
    onSuccess: refresh,
    meta: { fieldLabels: RULE_FIELD_LABELS },
  });
}

/** DELETE /api/departmentRuleSet/rule?id (refused while a set uses the rule). */
export function useDeleteRule() {
  const refresh = useRefreshRuleSets();
  return useMutation({
    mutationFn: (id: string) => api.delete<TMessage>(`/api/departmentRuleSet/rule?id=${q(id)}`),
    onSettled: refresh,
  });
}

/** DELETE /api/departmentRuleSet/ruleSet?id. */
export function useDeleteRuleSet() {
  const refresh = useRefreshRuleSets();
  return useMutation({
    mutationFn: (id: string) => api.delete<TMessage>(`/api/departmentRuleSet/ruleSet?id=${q(id)}`),
    onSettled: refresh,
  });
}

/**
 * Removing a department or a rule of a saved set in edit mode removes the link at once (document 3 section 4), with
 * the set's version the form holds (refused, 409, when another saved the set since); answers the set's next version.
 */
export function useRemoveFromRuleSet() {
  const refresh = useRefreshRuleSets();
  return useMutation({
    mutationFn: ({ setId, kind, id, updateId }: { setId: string; kind: 'department' | 'rule'; id: string; updateId: string }) =>
      kind === 'rule'
        ? api.delete<TRuleSetLinkRemoved>(`/api/departmentRuleSet/ruleSet/${q(setId)}/removeRule?ruleId=${q(id)}&updateId=${q(updateId)}`)
        : api.delete<TRuleSetLinkRemoved>(
            `/api/departmentRuleSet/ruleSet/${q(setId)}/removeDepartment?departmentId=${q(id)}&updateId=${q(updateId)}`,
          ),
    onSettled: refresh,
  });
}

// ---- Debtor rule sets -------------------------------------------------------------------

export const DEBITOR_RULES_KEY = ['debitor-rule-sets'] as const;

/** GET /api/debitorruleset/all. */
export function useDebitorRuleSets() {
  return useQuery({
    queryKey: DEBITOR_RULES_KEY,
    queryFn: ({ signal }) => api.get<TDebitorRuleSet[]>('/api/debitorruleset/all', signal),
    meta: { errorMessage: DEBITOR_RULE_TOASTS.get },
  });
}

/** POST /api/debitorruleset/save (no id creates); the answer replaces the row in the list, keeping its place. */
export function useSaveDebitorRuleSet() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...DEBITOR_RULES_KEY, 'save'],
    mutationFn: (row: TDebitorRuleSetInput) => api.post<TDebitorRuleSet>('/api/debitorruleset/save', row),
    onSuccess: (saved) =>
      client.setQueryData<TDebitorRuleSet[]>(DEBITOR_RULES_KEY, (rows = []) =>
        rows.some((r) => r.id === saved.id) ? rows.map((r) => (r.id === saved.id ? saved : r)) : [...rows, saved],
      ),
    meta: { errorMessage: DEBITOR_RULE_TOASTS.save, fieldLabels: DEBITOR_RULE_FIELD_LABELS },
  });
}

/** DELETE /api/debitorruleset/{id}. */
export function useDeleteDebitorRuleSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<TMessage>(`/api/debitorruleset/${q(id)}`),
    onSuccess: (_answer, id) => client.setQueryData<TDebitorRuleSet[]>(DEBITOR_RULES_KEY, (rows = []) => rows.filter((r) => r.id !== id)),
    meta: { errorMessage: DEBITOR_RULE_TOASTS.delete },
  });
}

/** The names of the debitors the rows name (a look-up by customer number each); number → name. */
export function useDebitorNames(numbers: readonly string[]): Map<string, string> {
  const distinct = [...new Set(numbers.map((n) => n.trim()).filter((n) => n.length >= AUTOCOMPLETE_MIN_LENGTH))].sort();
  const answers = useQueries({ queries: distinct.map((no) => debitorByNoQuery(no)) });
  const names = new Map<string, string>();
  distinct.forEach((no, index) => {
    const found = answers[index]?.data;
    if (found) names.set(no, found.debitorName);
  });
  return names;
}

// ---- For the booking step, the customer step and the worksheet -------------------------

export interface TCarCheckRequest {
  departmentId: string;
  carMake: string;
  carModel: string;
  /** The job's order type (a complaint: the type of the job it is about). */
  orderType: string;
}

/**
 * POST /api/departmentRuleSet/check: whether the department takes the car for the job, with the set's alert
 * (or the spec's default) when not, and the minimum work length in hours. Asks nothing without a department and a make.
 */
export function useDepartmentCarCheck(request: TCarCheckRequest | null) {
  const ready = request !== null && request.departmentId !== '' && request.carMake.trim() !== '';
  return useQuery({
    queryKey: [...RULE_SETS_KEY, 'check', request],
    queryFn: ({ signal }) => api.post<TCarCheckResult>('/api/departmentRuleSet/check', request, signal),
    enabled: ready,
    staleTime: 60_000,
  });
}

export interface TCarPartiesRequest {
  user: string;
  owner: string;
  leaser: string;
  insurance: string;
}

/** POST /api/debitorruleset/match: the debtor rule for the car's parties (its debitor offered, or mandatory), or null. */
export function useDebitorRuleMatch(parties: TCarPartiesRequest | null) {
  const ready = parties !== null && Object.values(parties).some((value) => value.trim() !== '');
  return useQuery({
    queryKey: [...DEBITOR_RULES_KEY, 'match', parties],
    queryFn: ({ signal }) => api.post<TDebitorRuleSet | null>('/api/debitorruleset/match', parties, signal),
    enabled: ready,
    staleTime: 60_000,
  });
}
