import { Alert, Button, Center, Group, Menu, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconBan,
  IconBriefcase,
  IconBuilding,
  IconCar,
  IconCheck,
  IconCopy,
  IconDots,
  IconDeviceFloppy,
  IconHandStop,
  IconMail,
  IconMessage,
  IconMoodSmile,
  IconPlayerPlay,
  IconReceipt2,
  IconSend,
  IconShoppingCartPlus,
  IconSignature,
  IconTag,
  IconTrash,
  IconAlertTriangle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrderStatus } from '@/domain/orders/order-enums';
import { isReplaceType } from '@/domain/orders/order-enums';
import type { TFinishGap } from '@/domain/orders/order-finish';
import { suggestedWorker } from '@/domain/orders/order-fitters';
import { finishErrors, logTypeForTimeChange, timeChanged } from '@/domain/orders/order-lifecycle';
import type { TLogType } from '@/domain/orders/order-lifecycle.schemas';
import { timeAndPlaceToSave } from '@/domain/orders/order-booking-place';
import { hasFreeLoanCar, removeItem, toSavedItem } from '@/domain/orders/order-items';
import {
  canCancel,
  canCloseServiceCall,
  canComplain,
  canFinish,
  canHold,
  finishButtonLabel,
  isComplaintType,
  isLocked,
  linesReadOnly,
  mayActOn,
  mayChangeStatusManually,
} from '@/domain/orders/order-status';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { slotRequiredError } from '@/domain/orders/order-validation';
import { opensInBookingStep } from '@/domain/orders/order-opening';
import { hasAnyRole } from '@/domain/users/roles';
import { PageHeader } from '../../../components/page-header';
import { JobCardPrint, PrintJobCardButton, printJobCardAction } from '../components/job-card';
import { LazyMenu } from '../../../components/lazy-menu';
import { isApiError } from '../../../lib/api-client';
import { notify, progressToast } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { DeviceJobChanges, isKeptOnDevice } from '../../offline';
import { DEVICE_TEXTS } from '@/domain/offline/device-texts';
import { FailedSmsNotice } from '../../outbox';
import { LeaveConfirmation } from '../../../lib/use-leave-confirmation';
import type { OrderFlowStore } from '../../orders';
import { createOrderFlowStore, loadStatusDialog, OrderFlowProvider, useOrderActions, useOrderFlow } from '../../orders';
import { useSession } from '../../users';
import { createMoreSale, orderQueryKey, useDeleteOrder, useSaveWorksheet, useWorksheetOrder } from '../api';
import { ComplaintPanel } from '../components/complaint-panel';
import { CompletionSection } from '../components/completion-section';
import { DetailsSection } from '../components/details-section';
import { focusField } from '../components/field-focus';
import { FinishDialog } from '../components/finish-dialog';
import { ItemsSection } from '../components/items-section';
import { LogReasonDialog } from '../components/log-reason-dialog';
import { PhotosSection } from '../components/photos-section';
import { JobSection } from '../components/job-section';
import type { OfficeSections as OfficeSectionsType } from '../components/office-sections';
import { SignedLinks, SigningSection } from '../components/signing-section';
import { TipsSection } from '../components/tips-section';
import { worksheetTitle } from '../components/worksheet-fallback';
import { SecondStage } from '../../../lib/use-second-stage';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { FEEDBACK_LABEL_WITHOUT_WORKER, FEEDBACK_NEEDS_WORKER, FeedbackButton, FeedbackDialog, hasWorker } from '../../feedback';
import { LoadingStatus } from '../../../components/query-state';

/** The dialogs of the actions menu: loaded when the user first acts on the page, not with the worksheet (lazy-dialog.tsx). */
const CopyOrderDialog = lazyDialog(() => import('../components/copy-order-dialog').then((m) => m.CopyOrderDialog));
const CreateComplaintDialog = lazyDialog(() => import('../components/create-complaint-dialog').then((m) => m.CreateComplaintDialog));
const DisclaimerDialog = lazyDialog(() => import('../components/disclaimer-dialog').then((m) => m.DisclaimerDialog));
const EmailDialog = lazyDialog(() => import('../components/email-dialog').then((m) => m.EmailDialog));
const HistoryDialog = lazyDialog(() => import('../components/history-dialog').then((m) => m.HistoryDialog));
const HoldDialog = lazyDialog(() => import('../components/hold-dialog').then((m) => m.HoldDialog));
const LoanCarDialog = lazyDialog(() => import('../components/loan-car-dialog').then((m) => m.LoanCarDialog));
const SmsDialog = lazyDialog(() => import('../../notifications').then((m) => m.SmsDialog));
const StatusDialog = lazyDialog(loadStatusDialog);

/**
 * The office's sections (booking calendar, payment, car) as a chunk of their own: a desktop asks for it while the
 * order loads; a phone when the user first acts on the page, and draws it once 'Kontor' is opened (issue 38).
 */
let officeCode: Promise<{ default: typeof OfficeSectionsType }> | undefined;
const loadOfficeSections = () => (officeCode ??= import('../components/office-sections').then((m) => ({ default: m.OfficeSections })));
const OfficeSections = lazy(loadOfficeSections);
const FIRST_ACTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** The phone's two tabs: the job and its steps first, the office's sections one tap away. */
type PhoneTab = 'job' | 'office';
/** The fields of the order the 'Kontor' tab holds: a server error naming one is counted on the tab. */
const OFFICE_FIELDS = /^(timeAndPlace|customer|debitor|car|items|additionalData\.(discount|rekvNr|twoManJob))/;

export const NO_ORDER_TEXT = 'Der er ikke valgt nogen order';
/** Room under the content and for scrolling a focused field into view, so the sticky save bar never covers it. */
const SAVE_BAR_SPACE = 96;

/** Takes an ON_HOLD order back to PROCESSING. */
export const RESUME_LABEL = 'Genoptag ordre';

/**
 * The order as PUT /api/order/order takes it: the lines reduced to the saved item payload, with the status asked
 * for, booked for the zip code the van drives to (checked against Postnummer styring when the booking moves).
 */
export function orderForSave(order: TOrder, status?: TOrderStatus): TOrderInput {
  return {
    ...order,
    additionalData: status ? { ...order.additionalData, orderStatus: status } : order.additionalData,
    timeAndPlace: timeAndPlaceToSave(order),
    items: order.items.map(toSavedItem),
  };
}

/** 'Unauthorized Worksheet': no order is chosen (document 2 section 2). */
function NoOrderSelected() {
  return (
    <Stack gap={0} maw={560}>
      <PageHeader title="Unauthorized Worksheet" />
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md">
        {NO_ORDER_TEXT}
      </Alert>
      <Group>
        <Button component={Link} to={SCREENS.DASHBOARD.path}>
          Tilbage til forsiden
        </Button>
      </Group>
    </Stack>
  );
}

/** The worksheet, /worksheet/:orderId (document 2 section 2). */
export function WorksheetScreen() {
  const { orderId } = useParams();
  if (!orderId || !isSetGuid(orderId)) return <NoOrderSelected />;
  return <WorksheetLoader key={orderId} orderId={orderId} />;
}

function WorksheetLoader({ orderId }: { orderId: string }) {
  const query = useWorksheetOrder(orderId);
  const isPhone = useIsPhone();
  useEffect(() => {
    if (isPhone) {
      const prefetch = () => void loadOfficeSections().catch(() => undefined);
      for (const type of FIRST_ACTS) window.addEventListener(type, prefetch, { once: true, passive: true, capture: true });
      return () => {
        for (const type of FIRST_ACTS) window.removeEventListener(type, prefetch, { capture: true });
      };
    }
    void loadOfficeSections().catch(() => undefined);
    return undefined;
  }, [isPhone]);
  // The order's arrival is an update React would draw in one go; as a deferred value the worksheet is drawn in short
  // tasks while the loader stays (issue 11: a phone's main thread was held for 170 ms).
  const data = useDeferredValue(query.data);
  if (query.isPending || (data === undefined && !query.isError)) {
    return (
      <Center py="xl">
        <LoadingStatus label="Henter ordren" />
      </Center>
    );
  }
  if (query.isError) {
    // The order exists but could not be read (a lost connection, a server fault): its toast has said so once.
    return (
      <Stack gap={0} maw={560}>
        <PageHeader title="Arbejdskort" />
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Ordren kunne ikke hentes" mb="md">
          Prøv igen om et øjeblik.
        </Alert>
        <Group>
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            Prøv igen
          </Button>
          <Button component={Link} to={SCREENS.DASHBOARD.path} variant="default">
            Tilbage til forsiden
          </Button>
        </Group>
      </Stack>
    );
  }
  // No such order (a malformed or unknown id): the spec's one page, without a dialog or toast besides.
  if (data === null || data === undefined) return <NoOrderSelected />;
  const status = data.additionalData.orderStatus;
  // Offers are worked in the order flow's booking step.
  if (opensInBookingStep(status)) return <Navigate to={`${SCREENS.BOOKING.path}?orderId=${orderId}`} replace />;
  return <Worksheet loaded={data} />;
}

/**
 * While the worksheet is open, the page scrolls a focused field (Tab, a validation jump) clear of the app's
 * header at the top and of the sticky save bar at the bottom.
 */
function useScrollPadding(bottom: number) {
  useEffect(() => {
    const root = document.documentElement.style;
    const before = { top: root.scrollPaddingTop, bottom: root.scrollPaddingBottom };
    root.scrollPaddingTop = '72px';
    root.scrollPaddingBottom = `${bottom}px`;
    return () => {
      root.scrollPaddingTop = before.top;
      root.scrollPaddingBottom = before.bottom;
    };
  }, [bottom]);
}

function storeFor(order: TOrder): OrderFlowStore {
  const store = createOrderFlowStore(null);
  store.set(order);
  return store;
}

const withWorker = (order: TOrder, worker: string | null): TOrder =>
  worker ? { ...order, additionalData: { ...order.additionalData, worker } } : order;

/**
 * The worksheet edits its own copy of the order through the flow's order actions (an in-memory store).
 * A new answer from the server (load, save) replaces both the copy and the baseline it is compared
 * with; a change the server made on its own (a signed document) is patched into both, so unsaved
 * edits stay.
 */
function Worksheet({ loaded }: { loaded: TOrder }) {
  const [state, setState] = useState(() => ({ loaded, baseline: loaded, store: storeFor(loaded) }));
  let current = state;
  if (state.loaded !== loaded) {
    current = { loaded, baseline: loaded, store: storeFor(loaded) };
    setState(current);
  }
  const { store } = current;
  const patch = (change: (order: TOrder) => TOrder) => {
    setState((s) => ({ ...s, baseline: change(s.baseline) }));
    store.set(change(store.get() ?? loaded));
  };
  return (
    <OrderFlowProvider store={store}>
      <WorksheetBody original={current.baseline} onPatch={patch} />
    </OrderFlowProvider>
  );
}

type DialogName = 'history' | 'hold' | 'finish' | 'copy' | 'complaint' | 'email' | 'sms' | 'status' | 'feedback' | 'disclaimer' | 'loancar';

interface WorksheetAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  show: boolean;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
  /** A status step: a button on the phone too. */
  primary?: boolean;
  /** The feedback area's own button (disabled until a fitter is chosen). */
  feedback?: boolean;
}

interface LogRequest {
  logType: TLogType;
  run: () => void;
}

function WorksheetBody({ original, onPatch }: { original: TOrder; onPatch: (change: (order: TOrder) => TOrder) => void }) {
  const { order } = useOrderFlow();
  const actions = useOrderActions();
  const { user } = useSession();
  const roles = user?.roles ?? [];
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const queryClient = useQueryClient();
  const save = useSaveWorksheet();
  const remove = useDeleteOrder();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [logRequest, setLogRequest] = useState<LogRequest | null>(null);
  const [serverErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  /** After a finish attempt, what finishing lacks is marked on the fields until it is there. */
  const [finishMarked, setFinishMarked] = useState(false);
  const [moreSaleBusy, setMoreSaleBusy] = useState(false);
  const moreSaleDone = useRef(false);
  const [tab, setTab] = useState<PhoneTab>('job');
  /** 'Kontor' is drawn from its first opening on, and stays (its fields keep their place and state). */
  const [officeOpened, setOfficeOpened] = useState(false);

  const ad = original.additionalData;
  const orderId = ad.orderId;
  const status = ad.orderStatus;
  const isSale = ad.orderType === 'SALE';
  const isComplaint = isComplaintType(ad.orderType);
  const mayAct = mayActOn(status, roles);
  const locked = isLocked(status) || !mayAct;
  const linesLocked = locked || linesReadOnly(status);
  // The suggested fitter counts as what the order already says: opening a job is no unsaved change.
  const suggestion = suggestedWorker(original, user);
  const compared = useMemo(() => withWorker(original, suggestion), [original, suggestion]);
  const dirty = useMemo(() => JSON.stringify(order) !== JSON.stringify(compared), [order, compared]);
  const workerSuggested = suggestion !== null && order.additionalData.worker === suggestion;
  // A fitter opening a job of the own department without a fitter finds the own name in 'Montør', once per order.
  const suggestedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!suggestion || suggestedFor.current === orderId) return;
    suggestedFor.current = orderId;
    actions.update((o) => (isSetGuid(o.additionalData.worker) ? o : withWorker(o, suggestion)));
  }, [suggestion, orderId, actions]);
  const fieldErrors = useMemo(
    () => ({ ...(finishMarked ? finishErrors(order) : {}), ...serverErrors }),
    [finishMarked, order, serverErrors],
  );
  const hasLoanCar = hasFreeLoanCar(order.items);

  useScrollPadding(SAVE_BAR_SPACE);

  const closeDialog = () => setDialog(null);
  const showSaved = (saved: TOrder) => queryClient.setQueryData(orderQueryKey(orderId), saved);

  /** PUT the order, asking for `status` (the same status is a plain save); server messages go onto the fields. */
  const putOrder = (status?: TOrderStatus, change: (o: TOrder) => TOrder = (o) => o, successText = 'Order saved', onDone?: () => void) => {
    const toast = progressToast('Saving order...');
    setFieldErrors({});
    save.mutate(orderForSave(change(order), status), {
      onSuccess: (saved) => {
        toast.success(isKeptOnDevice(saved) ? DEVICE_TEXTS.savedOnDevice : successText);
        setFinishMarked(false);
        onDone?.();
        showSaved(saved);
      },
      onError: (error) => {
        toast.hide();
        if (isApiError(error) && error.errors) setFieldErrors(error.errors);
        // A refusal's reason (403, 409) is said under the spec's toast 'Api: "saveOrder" failed' (failureReason).
        if (status === 'FINISHED') setFinishMarked(true);
      },
    });
  };

  /** Every save goes through here: a moved booking asks for the log reason first (a moved job keeps its status). */
  const requestSave = (status?: TOrderStatus, change?: (o: TOrder) => TOrder, successText?: string, onDone?: () => void) => {
    const slotError = slotRequiredError(order.timeAndPlace);
    if (slotError) {
      notify.error(slotError);
      return;
    }
    if (timeChanged(original, order)) {
      setLogRequest({ logType: logTypeForTimeChange(order), run: () => putOrder(status, change, successText, onDone) });
      return;
    }
    putOrder(status, change, successText, onDone);
  };

  /** One dialog: what is missing, each entry leading to its field; or what finishing leads to. */
  const startFinish = () => setDialog('finish');

  /** A gap of the finish list: the worksheet marks what is missing and takes the user to this field. */
  const goToGap = (gap: TFinishGap) => {
    setFieldErrors({});
    setFinishMarked(true);
    // On a phone the comments are written under 'Kontor'; everything else finishing needs is in 'Opgaven'.
    const office = gap.field === 'additionalData.internalOrderComment';
    if (office) setOfficeOpened(true);
    setTab(office ? 'office' : 'job');
    // After the marks are drawn, so the field is in its final place.
    requestAnimationFrame(() => focusField(gap.field));
  };

  const removeLine = (itemNo: string) => {
    const item = order.items.find((i) => i.itemNo === itemNo);
    if (item?.isMainItem && isReplaceType(order.additionalData.orderType)) {
      setLogRequest({ logType: 'MAINITEMCHANGED', run: () => actions.update((o) => ({ ...o, items: removeItem(o.items, itemNo) })) });
      return;
    }
    actions.removeItem(itemNo);
  };

  const deleteOrder = () =>
    setLogRequest({
      logType: 'CANCELLED',
      run: () =>
        remove.mutate(orderId, {
          onSuccess: (saved) => {
            notify.success('OrderUpdated');
            showSaved(saved);
          },
        }),
    });

  const openOrder = (id: string) => navigate(SCREENS.WORKSHEET.path.replace(':orderId', id));

  const moreSale = () => {
    if (moreSaleDone.current) return;
    moreSaleDone.current = true;
    setMoreSaleBusy(true);
    createMoreSale(orderId)
      .then((created) => openOrder(created.additionalData.orderId))
      .catch(() => {
        notify.error('Api: "Create Moresale order" failed');
      })
      .finally(() => setMoreSaleBusy(false));
  };

  const finishLabel = finishButtonLabel(status);
  // The server's own rules (order-status.ts): what it would refuse is not offered.
  const mayFinish = canFinish(status, roles);
  const mayHold = canHold(status, roles);
  // Taking a job off hold is a save asking for PROCESSING (the server's RELEASE, journaled 'Taget af hold').
  const canResume = !locked && status === 'ON_HOLD';
  const mayCancel = canCancel(status, roles);
  const signedDisclaimer = order.orderProperties.signCalibrationChallenges;
  const signedLoanCar = order.orderProperties.signedLoanCar;
  const mayDisclaim = !isSale && !locked;
  const mayLoanCar = !isSale && hasLoanCar && !locked;
  const officeErrors = Object.keys(serverErrors).filter((field) => OFFICE_FIELDS.test(field)).length;

  /** The worksheet's actions in the spec's order; `primary` ones (the status steps) stay buttons on a phone. */
  const actionList: WorksheetAction[] = [
    {
      label: 'Send til Ordrer',
      icon: <IconSend size={14} />,
      onClick: () => requestSave('PROCESSING'),
      color: 'teal',
      show: status === 'WEB_REVIEW' && mayAct,
      primary: true,
    },
    {
      label: 'Mersalg',
      icon: <IconShoppingCartPlus size={14} />,
      onClick: moreSale,
      show: !isSale,
      disabled: moreSaleDone.current || moreSaleBusy,
      loading: moreSaleBusy,
    },
    { label: 'Kopier ordre', icon: <IconCopy size={14} />, onClick: () => setDialog('copy'), show: true },
    { ...printJobCardAction, show: !isPhone },
    { label: 'Opret reklamation', icon: <IconTag size={14} />, onClick: () => setDialog('complaint'), show: canComplain(order) },
    // On a phone the signings are a step of the job ('Underskrifter'), not actions.
    {
      label: 'Underskriv ansvarsfraskrivelse',
      icon: <IconSignature size={14} />,
      onClick: () => setDialog('disclaimer'),
      show: mayDisclaim && !isPhone,
    },
    { label: 'Underskriv låneaftale', icon: <IconCar size={14} />, onClick: () => setDialog('loancar'), show: mayLoanCar && !isPhone },
    { label: 'Send SMS', icon: <IconMessage size={14} />, onClick: () => setDialog('sms'), show: true },
    { label: 'Send e-mail', icon: <IconMail size={14} />, onClick: () => setDialog('email'), show: true },
    { label: 'Skift status', icon: <IconReceipt2 size={14} />, onClick: () => setDialog('status'), show: mayChangeStatusManually(roles) },
    { label: 'Feedback', icon: <IconMoodSmile size={14} />, onClick: () => setDialog('feedback'), show: true, feedback: true },
    {
      label: 'Sæt på hold',
      icon: <IconHandStop size={14} />,
      onClick: () => setDialog('hold'),
      color: 'orange',
      show: mayHold,
      primary: true,
    },
    {
      label: RESUME_LABEL,
      icon: <IconPlayerPlay size={14} />,
      onClick: () => requestSave('PROCESSING', undefined, 'Order saved'),
      color: 'teal',
      show: canResume,
      primary: true,
      loading: save.isPending,
    },
    { label: 'Slet ordre', icon: <IconTrash size={14} />, onClick: deleteOrder, color: 'red', show: mayCancel, loading: remove.isPending },
  ].filter((a) => a.show);

  const actionButton = (a: WorksheetAction) =>
    a.feedback ? (
      <FeedbackButton key={a.label} order={order} onOpen={a.onClick} />
    ) : (
      <Button
        key={a.label}
        size="xs"
        variant="light"
        color={a.color}
        leftSection={a.icon}
        onClick={a.onClick}
        disabled={a.disabled}
        loading={a.loading}
      >
        {a.label}
      </Button>
    );

  // On a phone the status steps stay buttons and the rest fold into one menu, so the order itself is on the first screen.
  const headerActions = isPhone ? (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Handlinger">
      {actionList.filter((a) => a.primary).map(actionButton)}
      <LazyMenu
        position="bottom-start"
        withinPortal
        shadow="md"
        width={260}
        target={
          <Button size="xs" variant="light" color="gray" leftSection={<IconDots size={14} />}>
            Flere handlinger
          </Button>
        }
      >
        {actionList
          .filter((a) => !a.primary)
          .map((a) => {
            const noWorker = a.feedback && !hasWorker(order);
            return (
              <Menu.Item
                key={a.label}
                leftSection={a.icon}
                color={a.color}
                onClick={a.onClick}
                disabled={a.disabled || a.loading || noWorker}
                title={noWorker ? FEEDBACK_NEEDS_WORKER : undefined}
              >
                {noWorker ? FEEDBACK_LABEL_WITHOUT_WORKER : a.label}
              </Menu.Item>
            );
          })}
      </LazyMenu>
    </Group>
  ) : (
    <Group gap="xs" wrap="wrap" justify="flex-end" role="group" aria-label="Handlinger">
      {actionList.map(actionButton)}
    </Group>
  );

  const saveState = (
    <Text size={isPhone ? 'xs' : 'sm'} c={dirty ? 'orange.8' : 'dimmed'} role="status" style={{ minWidth: 0 }}>
      {locked
        ? 'Skrivebeskyttet'
        : dirty
          ? 'Ændringer er ikke gemt'
          : workerSuggested
            ? 'Montør foreslået – gemmes med ordren'
            : 'Alt er gemt'}
    </Text>
  );
  const saveButtons = (
    <>
      {canCloseServiceCall(status, roles) ? (
        <Button
          size="sm"
          variant="light"
          color="grape"
          leftSection={<IconBan size={16} />}
          onClick={() => requestSave('FINISHED', undefined, 'Order saved')}
        >
          Lukket
        </Button>
      ) : null}
      {!locked ? (
        <Button
          size="sm"
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => requestSave()}
          loading={save.isPending}
        >
          Gem
        </Button>
      ) : null}
      {mayFinish ? (
        <Button size="sm" leftSection={<IconCheck size={16} />} onClick={startFinish}>
          {finishLabel}
        </Button>
      ) : null}
    </>
  );

  const details = (withComments: boolean) => (
    <DetailsSection
      order={order}
      disabled={locked}
      isSale={isSale}
      onHistory={() => setDialog('history')}
      fieldErrors={fieldErrors}
      withComments={withComments}
    />
  );
  const photos = <PhotosSection order={order} debitorNo={original.debitor.no} disabled={locked} marked={finishMarked} />;
  const complaint =
    isComplaint && !isSale ? <ComplaintPanel order={order} roles={roles} fieldErrors={fieldErrors} disabled={locked} /> : null;
  const items = (
    <ItemsSection order={order} readOnly={linesLocked} canEditExclPrice={hasAnyRole(roles, ['ReviewManager'])} onRemove={removeLine} />
  );
  const completion = <CompletionSection order={order} disabled={locked} fieldErrors={fieldErrors} workerSuggested={workerSuggested} />;

  return (
    <>
      <LeaveConfirmation active={dirty && !locked} />
      <PageHeader
        title={worksheetTitle(ad.orderNr)}
        description={
          status === 'PENDING_REVIEW' && !mayAct
            ? 'Ordren afventer gennemsyn; kun en gennemsynsansvarlig kan arbejde med den.'
            : isLocked(status)
              ? 'Ordren er afsluttet og kan ikke ændres.'
              : undefined
        }
        actions={headerActions}
      />
      {/* The job's changes waiting for a network, or refused by the server, with 'Prøv igen' / 'Kassér ændringen'. */}
      <DeviceJobChanges orderId={order.additionalData.orderId} />
      {/* A 'på vej' SMS the customer did not get (the SMS provider's delivery report, issue 42). */}
      <FailedSmsNotice orderId={order.additionalData.orderId} />
      <JobCardPrint order={order} />
      {isPhone ? (
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = value === 'office' ? 'office' : 'job';
            if (next === 'office') setOfficeOpened(true);
            setTab(next);
          }}
          pb={SAVE_BAR_SPACE}
        >
          <Tabs.List grow mb="md">
            <Tabs.Tab value="job" leftSection={<IconBriefcase size={16} />}>
              Opgaven
            </Tabs.Tab>
            <Tabs.Tab
              value="office"
              leftSection={<IconBuilding size={16} />}
              rightSection={officeErrors > 0 ? <Text span size="xs" c="red.8" fw={700}>{`(${officeErrors} fejl)`}</Text> : null}
            >
              Kontor
            </Tabs.Tab>
          </Tabs.List>
          {/* The job, then its steps in the order they are done: photos, signatures, completion; 'Afslut/Fakturer' below. */}
          <Tabs.Panel value="job">
            <Stack gap="md">
              <JobSection order={order} />
              {photos}
              {complaint}
              <SigningSection
                disclaimer={signedDisclaimer}
                loanCar={signedLoanCar}
                mayDisclaim={mayDisclaim}
                mayLoanCar={mayLoanCar}
                onDisclaimer={() => setDialog('disclaimer')}
                onLoanCar={() => setDialog('loancar')}
              />
              <SecondStage fallback={<LoadingStatus label="Indlæser arbejdskortet" />}>{completion}</SecondStage>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="office">
            {officeOpened ? (
              <Stack gap="md">
                <PrintJobCardButton fullWidth />
                {details(true)}
                <Suspense fallback={<LoadingStatus label="Henter kontorets felter" />}>
                  <OfficeSections order={order} locked={locked} isSale={isSale} />
                </Suspense>
                {items}
              </Stack>
            ) : null}
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Stack gap="md" pb={SAVE_BAR_SPACE}>
          <SignedLinks disclaimer={signedDisclaimer} loanCar={signedLoanCar} />
          {details(true)}
          {photos}
          {complaint}
          {/* Below the first screenful: drawn once the top has been painted (and the office's sections have come). */}
          <SecondStage fallback={<LoadingStatus label="Indlæser arbejdskortet" />}>
            <Suspense fallback={<LoadingStatus label="Indlæser arbejdskortet" />}>
              <OfficeSections order={order} locked={locked} isSale={isSale} />
              <TipsSection order={order} />
              {items}
              {completion}
            </Suspense>
          </SecondStage>
        </Stack>
      )}

      <Paper
        withBorder
        shadow="md"
        radius="md"
        p={isPhone ? 'xs' : 'sm'}
        style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
        aria-label="Gem og afslut"
        component="section"
      >
        {isPhone ? (
          // A phone has no room for the state beside the buttons: it goes above them, on one line.
          <Stack gap={4}>
            {saveState}
            <Group gap={6} wrap="nowrap" grow>
              {saveButtons}
            </Group>
          </Stack>
        ) : (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            {saveState}
            <Group gap="sm" wrap="nowrap" justify="flex-end" style={{ flexShrink: 0 }}>
              {saveButtons}
            </Group>
          </Group>
        )}
      </Paper>

      <SecondStage>
        <HistoryDialog orderId={orderId} opened={dialog === 'history'} onClose={closeDialog} />
        <LogReasonDialog
          logType={logRequest?.logType ?? null}
          order={original}
          onClose={() => setLogRequest(null)}
          onLogged={() => {
            const run = logRequest?.run;
            setLogRequest(null);
            run?.();
          }}
        />
        <FinishDialog
          opened={dialog === 'finish'}
          order={order}
          debitorNo={original.debitor.no}
          label={finishLabel}
          onClose={closeDialog}
          busy={save.isPending}
          onFinish={() => requestSave('FINISHED', undefined, 'Order saved', closeDialog)}
          onGoTo={goToGap}
        />
        <HoldDialog
          opened={dialog === 'hold'}
          order={order}
          onClose={closeDialog}
          busy={save.isPending}
          onInvalid={setFieldErrors}
          onHold={(reason, comment) =>
            requestSave(
              'ON_HOLD',
              (o) => ({ ...o, additionalData: { ...o.additionalData, onHoldReason: reason, onHoldComment: comment } }),
              'Order saved',
              closeDialog,
            )
          }
        />
        <CopyOrderDialog opened={dialog === 'copy'} order={original} onClose={closeDialog} onCopied={openOrder} />
        <CreateComplaintDialog opened={dialog === 'complaint'} order={original} roles={roles} onClose={closeDialog} onCreated={openOrder} />
        <DisclaimerDialog
          opened={dialog === 'disclaimer'}
          order={original}
          onClose={closeDialog}
          onSigned={(link) => onPatch((o) => ({ ...o, orderProperties: { ...o.orderProperties, signCalibrationChallenges: link } }))}
        />
        <LoanCarDialog
          opened={dialog === 'loancar'}
          order={original}
          onClose={closeDialog}
          onSigned={(link, carId) =>
            onPatch((o) => ({ ...o, orderProperties: { ...o.orderProperties, signedLoanCar: link, loanCarId: carId } }))
          }
          onInsuranceCreated={openOrder}
        />
        <EmailDialog opened={dialog === 'email'} order={original} onClose={closeDialog} />
        <SmsDialog order={original} opened={dialog === 'sms'} onClose={closeDialog} />
        <StatusDialog order={original} opened={dialog === 'status'} onClose={closeDialog} onSaved={showSaved} />
        <FeedbackDialog order={original} opened={dialog === 'feedback'} onClose={closeDialog} />
      </SecondStage>
    </>
  );
}
