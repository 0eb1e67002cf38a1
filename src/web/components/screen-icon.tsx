import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconArchive,
  IconBuildingStore,
  IconCalendar,
  IconChartArrowsVertical,
  IconClipboardList,
  IconClockHour4,
  IconFileDollar,
  IconHome,
  IconListCheck,
  IconListDetails,
  IconMailForward,
  IconMap2,
  IconMapPin,
  IconPointFilled,
  IconReportSearch,
  IconScale,
  IconTransfer,
  IconTruckDelivery,
  IconUsers,
  IconWorldWww,
} from '@tabler/icons-react';
import type { TScreenName } from '@/domain/access/screens';

const ICONS: Partial<Record<TScreenName, Icon>> = {
  DASHBOARD: IconHome,
  ASSIGNMENTS: IconClipboardList,
  OFFERS: IconFileDollar,
  WEB_ORDERS: IconWorldWww,
  MOBILE_SERVICE_MAP: IconMap2,
  CALENDAR: IconCalendar,
  ORDERS: IconTransfer,
  PENDING: IconReportSearch,
  AVAILABLE_SLOTS: IconClockHour4,
  DELIVERY_TIME: IconTruckDelivery,
  ZIPCODE_AVALABILITY: IconMapPin,
  DEPARTMENTS: IconBuildingStore,
  DEPARTMENT_RULE_SET: IconListCheck,
  DEBITOR_RULE_SET: IconScale,
  CAPACITY_OPTIMIZATION: IconChartArrowsVertical,
  COMPLAINTS: IconAlertTriangle,
  OLD_PRODUCTS: IconArchive,
  USERS: IconUsers,
  REASONS: IconListDetails,
  OUTBOX: IconMailForward,
};

export function ScreenIcon({ name, size = 18 }: { name: TScreenName; size?: number }) {
  const Component = ICONS[name] ?? IconPointFilled;
  return <Component size={size} stroke={1.6} aria-hidden />;
}
