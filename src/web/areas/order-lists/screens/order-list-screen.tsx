import { Alert, Anchor, Box, Center, Group, Text } from '@mantine/core';
import type { TouchEvent } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ORDER_LIST_FREE_TEXT_PARAM } from '@/domain/orders/order-search';
import { SCREENS } from '@/domain/access/screens';
import { ORDER_LIST_VIEWS, orderListTarget, pageAfterSwipe, type TOrderListView } from '@/domain/order-lists';
import { mayChangeStatusManually } from '@/domain/orders/order-status';
import type { TOrder } from '@/domain/orders/order.schemas';
import { offerReminderDue } from '@/domain/notifications/sms';
import { PageHeader } from '../../../components/page-header';
import { QueryState, LoadingStatus } from '../../../components/query-state';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { useIsPhone } from '../../../lib/use-is-phone';
import { FeedbackDialog } from '../../feedback';
import { loadStatusDialog } from '../../orders';
import { useSession } from '../../users';
import { useLiveOrderList, useOrderListPage } from '../api';
import { openingListFilter } from '../opening-filter';
import { ListFilters, type TListFilter } from '../components/list-filters';
import { ListPagination } from '../components/list-pagination';
import { ListCards, ListTable, type RowActions } from '../components/list-table';
import { ReportDownloads } from '../components/report-downloads';

// A row's dialogs are loaded when the user starts working on the list, not with it (lazyDialog).
const SmsDialog = lazyDialog(() => import('../../notifications').then((m) => m.SmsDialog));
const StatusDialog = lazyDialog(loadStatusDialog);

type Dialog = { kind: 'status' | 'sms' | 'offer' | 'feedback'; order: TOrder } | null;

/** Arrow keys page the list unless the user is typing or a dialog is open. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"][aria-modal="true"], .mantine-Modal-content')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"],[role="menu"]') !== null
  );
}

/**
 * The shared list screen of Opgaver, the phone-or-mail search, Tilbud, Webordrer and Gennemsyn:
 * filters with the route's defaults, 25 orders a page, row actions by role, paging by buttons,
 * arrow keys and swipes.
 */
export function OrderListScreen({ view }: { view: TOrderListView }) {
  const { phoneOrMail = '' } = useParams();
  const freeText = useSearchParams()[0].get(ORDER_LIST_FREE_TEXT_PARAM)?.trim() ?? '';
  const { user, isLoading } = useSession();
  // The filter starts from the user's department, so it waits for the session.
  if (isLoading || !user) {
    return (
      <Center py="xl">
        <LoadingStatus label="Henter ordrer" />
      </Center>
    );
  }
  // A new search term starts the screen afresh.
  return (
    <OrderList
      key={`${view}:${phoneOrMail}:${freeText}`}
      view={view}
      phoneOrMail={view === 'SEARCH_PHONE_OR_MAIL' ? phoneOrMail : ''}
      freeText={freeText}
    />
  );
}

function OrderList({ view, phoneOrMail, freeText }: { view: TOrderListView; phoneOrMail: string; freeText: string }) {
  const { user } = useSession();
  const roles = useMemo(() => user?.roles ?? [], [user?.roles]);
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const review = view === 'PENDING';
  const [filter, setFilter] = useState<TListFilter>(() => openingListFilter(view, user?.departmentGuid, new Date(), phoneOrMail, freeText));
  const list = useOrderListPage(filter, review);
  const webOrders = view === 'WEB_ORDERS';
  const live = useLiveOrderList(filter, webOrders);
  const pageCount = list.data?.pageCount ?? 0;
  // A free-text search with many matches counts them ten pages past this one; `more` says there are more than those.
  const more = list.data?.more === true;
  const orders = list.data?.orders ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);

  const change = useCallback((next: Partial<TListFilter>) => setFilter((f) => ({ ...f, ...next, page: 0 })), []);
  const goTo = useCallback(
    (page: number) => setFilter((f) => (page >= 0 && page < pageCount && page !== f.page ? { ...f, page } : f)),
    [pageCount],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTypingOrInDialog(event.target)) return;
      if (event.key === 'ArrowRight') goTo(filter.page + 1);
      else if (event.key === 'ArrowLeft') goTo(filter.page - 1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [filter.page, goTo]);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const t = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    if (Math.abs(t.clientY - start.y) > Math.abs(dx)) return;
    const next = pageAfterSwipe(filter.page, pageCount, dx);
    if (next !== null) goTo(next);
  };

  const actions: RowActions = {
    open: (order) => navigate(orderListTarget(order)),
    changeStatus: mayChangeStatusManually(roles) ? (order) => setDialog({ kind: 'status', order }) : undefined,
    sendSms: (order) => setDialog({ kind: 'sms', order }),
    offerReminder: (order) => setDialog({ kind: 'offer', order }),
    offerReminderDue: (order) => offerReminderDue(order, roles),
    feedback: (order) => setDialog({ kind: 'feedback', order }),
  };

  const config = ORDER_LIST_VIEWS[view];
  const title = phoneOrMail ? `${config.title}: ${phoneOrMail}` : config.title;
  const label = phoneOrMail ? `Ordrer for ${phoneOrMail}` : config.title;

  return (
    <>
      <PageHeader
        title={title}
        description={
          phoneOrMail
            ? 'Alle ordrer med dette telefonnummer eller denne e-mail, nyeste først.'
            : webOrders
              ? live
                ? 'Nye webordrer kommer frem med det samme.'
                : 'Nye webordrer kommer frem, når siden hentes igen.'
              : undefined
        }
        actions={<ReportDownloads review={review} />}
      />
      <ListFilters
        filter={filter}
        onChange={change}
        review={review}
        byContact={phoneOrMail !== ''}
        onContactSearch={review ? undefined : (value) => navigate(`${SCREENS.ASSIGNMENTS.path}/${encodeURIComponent(value)}`)}
      />
      {phoneOrMail ? (
        <Alert color="blue" variant="light" mb="md">
          Søgningen ser bort fra status og datoer.{' '}
          <Anchor component={Link} to={SCREENS.ASSIGNMENTS.path}>
            Tilbage til Opgaver
          </Anchor>
        </Alert>
      ) : null}
      <Box onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <QueryState
          query={list}
          loadingLabel="Henter ordrer"
          errorTitle="Ordrerne kunne ikke hentes"
          isEmpty={orders.length === 0}
          emptyText="Ingen ordrer matcher filtrene"
        >
          <Group justify="space-between" mb="xs" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {pageCount === 1 ? '1 side' : `${pageCount}${more ? '+' : ''} sider`} à 25 ordrer
              {pageCount > 1 ? (isPhone ? ' · stryg til siden for at bladre' : ' · piletasterne bladrer') : ''}
            </Text>
            {list.isFetching ? <LoadingStatus size="xs" label="Opdaterer" /> : null}
          </Group>
          {isPhone ? (
            <ListCards orders={orders} actions={actions} label={label} />
          ) : (
            <ListTable orders={orders} actions={actions} label={label} />
          )}
          <Center mt="md">
            <ListPagination page={filter.page} pageCount={pageCount} more={more} onChange={goTo} />
          </Center>
        </QueryState>
      </Box>
      {dialog?.kind === 'feedback' ? <FeedbackDialog order={dialog.order} opened onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'status' ? <StatusDialog order={dialog.order} opened onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'sms' || dialog?.kind === 'offer' ? (
        <SmsDialog
          order={dialog.order}
          opened
          onClose={() => setDialog(null)}
          initialKind={dialog.kind === 'offer' ? 'OFFER_SMS' : undefined}
        />
      ) : null}
    </>
  );
}
