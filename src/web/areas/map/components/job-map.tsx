import 'leaflet/dist/leaflet.css';
import './job-map.css';
import { divIcon, type DivIcon, type Marker as LeafletMarker, type TileEvent } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  AttributionControl,
  Circle,
  MapContainer,
  Marker,
  Popup,
  ScaleControl,
  TileLayer,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { fanOutMarkers, type LatLng, type PixelOffset, type TMapGrouping } from '@/domain/map/map';
import type { TPositionState } from '../api';
import { badgeCssText, RADIUS_COLOUR } from './job-badge';
import { JobDetails, jobLabel, type TShownJob } from './job-details';

export interface MapPlace {
  key: string;
  name: string;
  position: LatLng;
}

export type TTileState = 'off' | 'loading' | 'ok' | 'failed';

export interface JobMapProps {
  jobs: readonly TShownJob[];
  /** The workshops of the chosen vans: a square each, and the radius round them (outside the custom view). */
  workshops: readonly MapPlace[];
  /** The custom view's address: a diamond, with the radius round it. */
  customPlace: MapPlace | null;
  radiusKm: number;
  centre: LatLng;
  zoom: number;
  tileUrl: string | null;
  attribution: string;
  today: string;
  grouping: TMapGrouping;
  positions: ReadonlyMap<string, TPositionState>;
  origin: string;
  /** Asks the map to show a job and open its popup (the nonce repeats the same job). */
  focus: { orderId: string; nonce: number } | null;
  /** Asks the map to show every job and workshop. */
  fitAll: number;
  onSelect: (orderId: string) => void;
  onTileState: (state: TTileState) => void;
  /** Pixels at the map's top that a notice lies over: a popup opens below them. */
  popupClearTop: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const MARK_SIZE = 28;
/** A popup opened near the map's top left corner is moved clear of the zoom buttons (and of a notice over the map). */
const popupPadding = (clearTop: number): [number, number] => [56, Math.max(12, clearTop)];
/** A mark with its day ring: markers closer than this are fanned out (fanOutMarkers). */
const MARK_SPACING = MARK_SIZE + 10;

/** A job's mark, drawn `offset` pixels from its place when it is fanned out from others on the same spot. */
function markIcon(shown: TShownJob, label: string, offset: PixelOffset) {
  const box = MARK_SIZE + 12;
  return divIcon({
    className: 'rp-map-icon rp-map-job',
    html: `<span aria-hidden="true" style="${badgeCssText(shown.group.colour, shown.dayColour, MARK_SIZE)}">${shown.number}</span><span class="rp-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [box, box],
    iconAnchor: [box / 2 - offset.x, box / 2 - offset.y],
    popupAnchor: [offset.x, offset.y - (MARK_SIZE / 2 + 4)],
  });
}

function placeIcon(kind: 'workshop' | 'address', label: string) {
  return divIcon({
    className: `rp-map-icon rp-map-place-${kind}`,
    html: `<span aria-hidden="true" class="rp-map-${kind}"></span><span class="rp-map-hidden">${escapeHtml(label)}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -12],
  });
}

/**
 * The mobile-service map itself (Leaflet through react-leaflet; this file and Leaflet are a chunk of their own,
 * loaded only by this screen). Tiles come from the configured URL; without them (switched off, no internet, every
 * tile failing) the marks, the workshops and the radius still draw on a plain background.
 */
export default function JobMap(props: JobMapProps) {
  const { tileUrl, onTileState } = props;
  const tiles = useRef({ loaded: 0, failed: 0 });

  useEffect(() => {
    tiles.current = { loaded: 0, failed: 0 };
    onTileState(tileUrl ? 'loading' : 'off');
  }, [tileUrl, onTileState]);

  const tileEvents = useMemo(
    () => ({
      tileload: () => {
        tiles.current.loaded++;
        onTileState('ok');
      },
      tileerror: (_event: TileEvent) => {
        tiles.current.failed++;
        // Every tile so far has failed: the map is offline (a few are enough to say so).
        if (tiles.current.loaded === 0 && tiles.current.failed >= 3) onTileState('failed');
      },
    }),
    [onTileState],
  );

  const circleCentres = props.customPlace ? [props.customPlace] : props.workshops;
  const padding = useMemo(() => popupPadding(props.popupClearTop), [props.popupClearTop]);
  // Icons are made once per place: a new icon would replace the mark's element (and lose its focus).
  const workshopIcons = useMemo(
    () => new Map(props.workshops.map((w) => [w.key, placeIcon('workshop', `Værksted: ${w.name}`)])),
    [props.workshops],
  );
  const customName = props.customPlace?.name ?? '';
  const addressIcon = useMemo(() => placeIcon('address', `Valgt adresse: ${customName}`), [customName]);

  return (
    <MapContainer
      center={[props.centre.lat, props.centre.lng]}
      zoom={props.zoom}
      className="rp-map"
      style={{ height: '100%', width: '100%' }}
      zoomControl={false}
      attributionControl={false}
    >
      <MapSetup />
      <ZoomControl position="topleft" zoomInTitle="Zoom ind" zoomOutTitle="Zoom ud" />
      <ScaleControl position="bottomleft" imperial={false} />
      <AttributionControl position="bottomright" prefix='<a href="https://leafletjs.com">Leaflet</a>' />
      {tileUrl ? <TileLayer key={tileUrl} url={tileUrl} attribution={props.attribution} eventHandlers={tileEvents} /> : null}
      {circleCentres.map((place) => (
        <Circle
          key={`radius-${place.key}`}
          center={[place.position.lat, place.position.lng]}
          radius={props.radiusKm * 1000}
          interactive={false}
          pathOptions={{ color: RADIUS_COLOUR, weight: 2, dashArray: '6 6', fillColor: RADIUS_COLOUR, fillOpacity: 0.05 }}
        />
      ))}
      {props.workshops.map((place) => (
        <Marker
          key={`workshop-${place.key}`}
          position={[place.position.lat, place.position.lng]}
          icon={workshopIcons.get(place.key)!}
          title={`Værksted: ${place.name}`}
          zIndexOffset={-100}
        >
          <Popup autoPanPaddingTopLeft={padding}>
            <strong>Værksted</strong>
            <br />
            {place.name}
          </Popup>
        </Marker>
      ))}
      {props.customPlace ? (
        <Marker
          position={[props.customPlace.position.lat, props.customPlace.position.lng]}
          icon={addressIcon}
          title={`Valgt adresse: ${props.customPlace.name}`}
          zIndexOffset={1000}
        >
          <Popup autoPanPaddingTopLeft={padding}>
            <strong>Valgt adresse</strong>
            <br />
            {props.customPlace.name}
          </Popup>
        </Marker>
      ) : null}
      <JobMarks {...props} />
      <ViewControl
        centre={props.centre}
        zoom={props.zoom}
        fitAll={props.fitAll}
        jobs={props.jobs}
        workshops={props.workshops}
        customPlace={props.customPlace}
      />
    </MapContainer>
  );
}

/** Danish names for what Leaflet names in English, the map as a named region, and a size kept up with its box. */
function MapSetup() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', 'Kort over opgaverne');
    const onPopup = (event: { popup: { getElement: () => HTMLElement | undefined } }) => {
      event.popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', 'Luk');
    };
    map.on('popupopen', onPopup);
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => {
      map.off('popupopen', onPopup);
      observer.disconnect();
    };
  }, [map]);
  return null;
}

function JobMarks(props: JobMapProps) {
  const markers = useRef(new Map<string, LeafletMarker>());
  const { jobs, today, onSelect, focus, popupClearTop } = props;
  const padding = useMemo(() => popupPadding(popupClearTop), [popupClearTop]);
  const [zoom, setZoom] = useState<number | null>(null);
  const map = useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const currentZoom = zoom ?? map.getZoom();
  const placed = useMemo(() => jobs.filter((j) => j.position !== null), [jobs]);
  // Marks that would cover each other at this zoom are fanned out round the first of them (new icons per zoom); the
  // custom view's address and the workshops come first, so they stay in their places with the marks round them.
  const { customPlace, workshops } = props;
  // A mark keeps its icon while what it draws is unchanged: a new icon replaces the mark's element, so a reload of the
  // jobs (a live change, a position found) or a zoom would swallow a click landing on it, or lose its focus.
  const kept = useRef(new Map<string, { drawn: string; icon: DivIcon }>());
  const icons = useMemo(() => {
    const places = [...(customPlace ? [customPlace.position] : []), ...workshops.map((w) => w.position)];
    const offsets = fanOutMarkers([...places, ...placed.map((j) => j.position!)], currentZoom, MARK_SPACING).slice(places.length);
    const next = new Map<string, { drawn: string; icon: DivIcon }>();
    for (const [i, j] of placed.entries()) {
      const label = jobLabel(j, today);
      const offset = offsets[i]!;
      const drawn = JSON.stringify([j.group.colour, j.dayColour, j.number, label, offset.x, offset.y]);
      const before = kept.current.get(j.job.orderId);
      next.set(j.job.orderId, before?.drawn === drawn ? before : { drawn, icon: markIcon(j, label, offset) });
    }
    kept.current = next;
    return new Map([...next].map(([orderId, { icon }]) => [orderId, icon]));
  }, [placed, today, currentZoom, customPlace, workshops]);

  useEffect(() => {
    if (!focus) return;
    const marker = markers.current.get(focus.orderId);
    if (!marker) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), 12));
    marker.openPopup();
    // Only a new request moves the map, not a change of the jobs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  return placed.map((shown) => (
    <Marker
      key={shown.job.orderId}
      position={[shown.position!.lat, shown.position!.lng]}
      icon={icons.get(shown.job.orderId)!}
      title={jobLabel(shown, today)}
      riseOnHover
      ref={(marker) => {
        if (marker) markers.current.set(shown.job.orderId, marker);
        else markers.current.delete(shown.job.orderId);
      }}
      eventHandlers={{ click: () => onSelect(shown.job.orderId) }}
    >
      <Popup autoPanPaddingTopLeft={padding}>
        <JobDetails
          shown={shown}
          today={today}
          grouping={props.grouping}
          radiusKm={props.radiusKm}
          position={props.positions.get(shown.job.address.trim())}
          origin={props.origin}
        />
      </Popup>
    </Marker>
  ));
}

interface ViewControlProps {
  centre: LatLng;
  zoom: number;
  fitAll: number;
  jobs: readonly TShownJob[];
  workshops: readonly MapPlace[];
  customPlace: MapPlace | null;
}

/** Moves the map when its centre or zoom is asked to change (other vans, a radius over 30 km), or to show everything. */
function ViewControl({ centre, zoom, fitAll, jobs, workshops, customPlace }: ViewControlProps) {
  const map = useMap();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    map.setView([centre.lat, centre.lng], zoom);
  }, [map, centre.lat, centre.lng, zoom]);

  useEffect(() => {
    if (fitAll === 0) return;
    const points = [
      ...jobs.flatMap((j) => (j.position ? [j.position] : [])),
      ...workshops.map((w) => w.position),
      ...(customPlace ? [customPlace.position] : []),
    ];
    if (points.length === 0) return;
    map.fitBounds(
      points.map((p) => [p.lat, p.lng] as [number, number]),
      { padding: [40, 40], maxZoom: 13 },
    );
    // Only the button moves the map this way.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitAll]);
  return null;
}
