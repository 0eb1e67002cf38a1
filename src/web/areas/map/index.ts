import { customMapViewPath } from '@/domain/map/map';

/**
 * The mobile-service map's public face for other areas. The screen itself is loaded by the router from its own file
 * (a chunk of its own); the worksheet's map link and the calendar's booking dialog open the custom view with this.
 */
export function openCustomMapView(view: Parameters<typeof customMapViewPath>[0]): void {
  window.open(customMapViewPath(view), '_blank', 'noopener');
}
