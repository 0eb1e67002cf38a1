import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatCount, formatPhone, formatPlate } from '@/domain/lib/format';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import './job-card.css';

export const PRINT_JOB_CARD_LABEL = 'Udskriv arbejdskort';

/** Prints the worksheet's job card (JobCardPrint): the browser's print dialog, which can also save a PDF. */
export function printJobCard(): void {
  window.print();
}

export function PrintJobCardButton({ fullWidth = false }: { fullWidth?: boolean }) {
  return (
    <Button size="xs" variant="light" color="gray" leftSection={<IconPrinter size={14} />} onClick={printJobCard} fullWidth={fullWidth}>
      {PRINT_JOB_CARD_LABEL}
    </Button>
  );
}

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return (
    <div className="job-card-field">
      <dt>{label}</dt>
      <dd>{text || '–'}</dd>
    </div>
  );
}

function booking(order: TOrder): string {
  const { date, from, to } = order.timeAndPlace;
  if (!date && !from) return 'Ikke booket';
  const day = formatDate(from ?? date);
  return from && to ? `${day} kl. ${formatTime(from)}–${formatTime(to)}` : day;
}

/**
 * The worksheet's job card on one A4 page (issue 39): the job, the car, the items, the customer, the notes and the
 * signature lines. Drawn only for print (job-card.css: the page's own content is hidden then), beside the app's
 * root so nothing of the screen's layout reaches the paper.
 */
export function JobCardPrint({ order }: { order: TOrder }) {
  const { additionalData: a, timeAndPlace: t, customer: c, car, debitor: d } = order;
  const address = [c.address, [c.zipCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return createPortal(
    <article className="job-card-print" aria-label={`Arbejdskort ${a.orderNr} til udskrift`}>
      <header className="job-card-head">
        <h1>Arbejdskort {a.orderNr}</h1>
        <p>
          Rudeplan · {t.department.name || 'Ingen afdeling'} · udskrevet {formatDate(new Date())} {formatTime(new Date())}
        </p>
      </header>

      <div className="job-card-columns">
        <section>
          <h2>Opgaven</h2>
          <dl>
            <Field label="Type" value={ORDER_TYPE_LABELS[a.orderType]} />
            <Field label="Status" value={ORDER_STATUS_LABELS[a.orderStatus]} />
            <Field label="Tid" value={booking(order)} />
            <Field label="Sted" value={t.mobileServiceLocation.address || t.department.address || t.department.name} />
            <Field label="To-mandsjob" value={a.twoManJob ? 'Ja' : 'Nej'} />
            <Field label="Betaler" value={`${WHO_PAYS_LABELS[a.whoIsPaying]}${d.debitorName ? ` – ${d.debitorName}` : ''}`} />
            <Field label="Rekv.nr." value={a.rekvNr} />
          </dl>
        </section>
        <section>
          <h2>Bilen</h2>
          <dl>
            <Field label="Nummerplade" value={formatPlate(car.registrationNumber)} />
            <Field label="Bil" value={[car.make, car.model].filter(Boolean).join(' ')} />
            <Field label="Årgang" value={car.modelYear} />
            <Field label="Forsikring" value={car.insurance} />
          </dl>
          <h2>Kunden</h2>
          <dl>
            <Field label="Navn" value={c.name} />
            <Field label="Adresse" value={address} />
            <Field label="Telefon" value={c.phone ? `${c.phonePrefix} ${formatPhone(c.phone)}` : ''} />
            <Field label="E-mail" value={c.email} />
          </dl>
        </section>
      </div>

      <section>
        <h2>Varer</h2>
        {order.items.length === 0 ? (
          <p>Ingen varer</p>
        ) : (
          <table className="job-card-items">
            <thead>
              <tr>
                <th scope="col">Varenr.</th>
                <th scope="col">Vare</th>
                <th scope="col">Antal</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, i) => (
                <tr key={`${item.itemNo}-${i}`}>
                  <td>{item.no || item.itemNo}</td>
                  <td>{item.name}</td>
                  <td>{formatCount(item.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section>
        <h2>Noter</h2>
        <dl>
          <Field label="Til kunden" value={a.externalOrderComment} />
          <Field label="Intern" value={a.internalOrderComment} />
          {a.onHoldComment ? <Field label="Hold" value={a.onHoldComment} /> : null}
        </dl>
      </section>

      <section className="job-card-signatures" aria-label="Underskrifter">
        <div>
          <span className="job-card-line" />
          <p>Dato</p>
        </div>
        <div>
          <span className="job-card-line" />
          <p>Montørens underskrift</p>
        </div>
        <div>
          <span className="job-card-line" />
          <p>Kundens underskrift</p>
        </div>
      </section>
    </article>,
    document.body,
  );
}

/** The desktop worksheet's action. */
export const printJobCardAction = { label: PRINT_JOB_CARD_LABEL, icon: <IconPrinter size={14} />, onClick: printJobCard };
