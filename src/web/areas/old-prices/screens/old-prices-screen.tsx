import { Box, Button, Center, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUpload } from '@tabler/icons-react';
import type { TouchEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { OLD_PRICE_MESSAGES, OLD_PRICE_PAGE_SIZE, OLD_PRICE_SEARCH_MIN, type TOldProduct } from '@/domain/old-prices/old-price.schemas';
import { pageAfterSwipe } from '@/domain/order-lists';
import { hasAnyRole } from '@/domain/users/roles';
import { PageHeader } from '../../../components/page-header';
import { QueryState, LoadingStatus } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import { searchTermOf, useOldPrices } from '../api';
import { ImportDialog } from '../components/import-dialog';
import { OldProductDetails } from '../components/old-product-details';
import { OldProductCards, OldProductTable } from '../components/old-product-list';
import { countText } from '@/domain/lib/plural';

/** Arrow keys page the list unless the user is typing or a dialog is open (document 3 section 9). */
function keysBelongElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('.mantine-Modal-content')) return true;
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function caption(total: number, term: string): string {
  const rows = countText(total, 'række', 'rækker');
  if (!term) return `${rows} i prislisten`;
  return `${rows} matcher «${term}»`;
}

/**
 * 'Gl. Prisliste' (document 3, OLD_PRODUCTS): the legacy price sheet. A search box (from 2 characters), a paged
 * results table with a count, and a popup with every field of a row; administrators can load a new sheet.
 */
export function OldPricesScreen() {
  const isPhone = useIsPhone();
  const { user } = useSession();
  const isAdmin = hasAnyRole(user?.roles ?? [], ['Adminstrator']);
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 300);
  const term = searchTermOf(debounced);
  // The page belongs to the term it was chosen for: a new search starts on page 1.
  const [paging, setPaging] = useState({ term: '', page: 0 });
  const page = paging.term === term ? paging.page : 0;
  const query = useOldPrices(term, page);
  const products = query.data?.products ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = query.data?.pageCount ?? 0;
  const [opened, setOpened] = useState<TOldProduct | null>(null);
  const [importing, setImporting] = useState(false);

  const goTo = (next: number) => {
    if (next >= 0 && next < pageCount) setPaging({ term, page: next });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || keysBelongElsewhere(event.target)) return;
      const next = event.key === 'ArrowRight' ? page + 1 : event.key === 'ArrowLeft' ? page - 1 : -1;
      if (next >= 0 && next < pageCount) setPaging({ term, page: next });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [page, pageCount, term]);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const t = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !t || Math.abs(t.clientY - start.y) > Math.abs(t.clientX - start.x)) return;
    const next = pageAfterSwipe(page, pageCount, t.clientX - start.x);
    if (next !== null) goTo(next);
  };

  const tooShort = debounced.trim().length > 0 && debounced.trim().length < OLD_PRICE_SEARCH_MIN;

  return (
    <>
      <PageHeader
        title="Gl. Prisliste"
        description="Den gamle prisliste over ruder, dele og arbejde. Beløb er ekskl. moms."
        actions={
          isAdmin ? (
            <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
              Indlæs prisliste
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <TextInput
          label="Søg"
          description="Varenummer, mærke, model, EuroCode, OEM-, Autover-, AGC- eller DB-nummer"
          placeholder="Fx Golf, 8570AGNV eller 1K0 845 011"
          leftSection={<IconSearch size={16} />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={tooShort ? OLD_PRICE_MESSAGES.searchTooShort : undefined}
          maw={isPhone ? undefined : 520}
          maxLength={100}
          autoFocus={!isPhone}
          autoComplete="off"
        />
        <Box onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
          <QueryState
            query={query}
            loadingLabel="Indlæser den gamle prisliste"
            errorTitle={OLD_PRICE_MESSAGES.listFailed}
            isEmpty={products.length === 0}
            emptyText={term ? `Ingen rækker i den gamle prisliste matcher «${term}».` : 'Den gamle prisliste er tom.'}
          >
            <Group justify="space-between" mb="xs" gap="xs">
              <Text size="sm" c="dimmed" aria-live="polite">
                {caption(total, term)}
                {pageCount > 1 ? ` · side ${page + 1} af ${pageCount} à ${OLD_PRICE_PAGE_SIZE}` : ''}
              </Text>
              {query.isFetching ? <LoadingStatus size="xs" label="Opdaterer" /> : null}
            </Group>
            {isPhone ? (
              <OldProductCards products={products} onOpen={setOpened} />
            ) : (
              <OldProductTable products={products} onOpen={setOpened} />
            )}
            {pageCount > 1 ? (
              <Center mt="md">
                <Pagination
                  total={pageCount}
                  value={page + 1}
                  onChange={(value) => goTo(value - 1)}
                  withEdges
                  siblings={isPhone ? 0 : 1}
                  getControlProps={(control) => ({
                    'aria-label': { first: 'Første side', previous: 'Forrige side', next: 'Næste side', last: 'Sidste side' }[control],
                  })}
                  getItemProps={(value) => ({ 'aria-label': `Side ${value}`, 'aria-current': value === page + 1 ? 'page' : undefined })}
                />
              </Center>
            ) : null}
          </QueryState>
        </Box>
      </Stack>
      <OldProductDetails product={opened} onClose={() => setOpened(null)} />
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
