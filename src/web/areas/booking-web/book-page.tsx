import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TWebBooking, TWebCarFound, TWebOffers, TWebPlace } from '@/domain/booking-web/booking-web';
import { WEB_BOOKING_MESSAGES, WEB_INSURER_UNKNOWN, WEB_JOBS, WEB_PAYERS } from '@/domain/booking-web/booking-web-texts';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { BookError, bookTime, cancelBooking, findCar, findMoveOffers, findOffers, getBooking, moveBooking } from './book-api';

/** The public booking page (issue 41): plate, job, zip code, place and time, contact, book: six steps. */
const STEPS = ['Nummerplade', 'Opgave', 'Postnummer', 'Sted og tid', 'Kontakt', 'Bekræft'] as const;

interface Choice {
  place: TWebPlace;
  slotId: string;
}

const when = (from: string | null) => (from ? `${formatDate(from)} kl. ${formatTime(from)}` : '');
const weekday = (from: string) => new Date(`${from.slice(0, 10)}T12:00:00`).toLocaleDateString('da-DK', { weekday: 'long' });

function Field(props: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      )}
      {props.children(id, describedBy)}
      {props.error && (
        <p id={`${id}-error`} className="error">
          {props.error}
        </p>
      )}
    </div>
  );
}

function Places(props: { offers: TWebOffers; choice: Choice | null; onChoose: (c: Choice) => void }) {
  if (props.offers.places.length === 0) {
    return (
      <p className="notice">
        Vi har desværre ingen ledige tider online i nærheden af dig lige nu. Ring til os på 70 10 20 30, så finder vi en tid.
      </p>
    );
  }
  return (
    <div className="places">
      {props.offers.places.map((place) => (
        <fieldset key={place.departmentId} className="place">
          <legend>
            <strong>{place.mobile ? `${place.name} – vi kommer til dig` : place.name}</strong>
            <span className="muted">
              {place.address}
              {place.distanceKm !== null ? ` · ${String(place.distanceKm).replace('.', ',')} km` : ''}
            </span>
          </legend>
          <div className="slots">
            {place.slots.map((slot) => {
              const checked =
                props.choice?.place.departmentId === place.departmentId && props.choice.slotId === `${slot.slotId}|${slot.date}`;
              return (
                <label key={`${slot.slotId}${slot.date}`} className={checked ? 'slot checked' : 'slot'}>
                  <input
                    type="radio"
                    name="slot"
                    checked={checked}
                    onChange={() => props.onChoose({ place, slotId: `${slot.slotId}|${slot.date}` })}
                  />
                  <span>
                    {weekday(slot.from)} <span className="nowrap">{formatDate(slot.from)}</span>
                    <br />
                    kl. {formatTime(slot.from)}–{formatTime(slot.to)}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function slotOf(choice: Choice) {
  const [slotId, date] = choice.slotId.split('|');
  return choice.place.slots.find((s) => s.slotId === slotId && s.date === date);
}

const choiceBody = (choice: Choice) => {
  const slot = slotOf(choice)!;
  return { departmentId: choice.place.departmentId, slotId: slot.slotId, date: slot.date };
};

function BookingSummary({ booking }: { booking: TWebBooking }) {
  return (
    <dl className="summary">
      <dt>Bookingnummer</dt>
      <dd>{booking.orderNr}</dd>
      <dt>Opgave</dt>
      <dd>{booking.job}</dd>
      <dt>Bil</dt>
      <dd>{formatPlate(booking.registrationNumber)}</dd>
      <dt>Tid</dt>
      <dd>{when(booking.from)}</dd>
      <dt>Sted</dt>
      <dd>
        {booking.place.name}
        <br />
        {booking.place.address}
      </dd>
    </dl>
  );
}

/** The manage link's view: see the booking, move it to another free time, or cancel it. */
function Manage({ token: first }: { token: string }) {
  const [token, setToken] = useState(first);
  const [booking, setBooking] = useState<TWebBooking | null>(null);
  const [offers, setOffers] = useState<TWebOffers | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getBooking(first).then(setBooking, (e: BookError) => setError(e.message));
  }, [first]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(e instanceof BookError ? e.message : WEB_BOOKING_MESSAGES.refused);
    } finally {
      setBusy(false);
    }
  };

  const adopt = (next: TWebBooking, message: string) => {
    setBooking(next);
    setToken(next.token);
    window.history.replaceState(null, '', `#m=${next.token}`);
    setStatus(message);
    setOffers(null);
    setChoice(null);
  };

  return (
    <section aria-labelledby="manage-title">
      <h1 id="manage-title">Din booking</h1>
      <div role="status" className="status">
        {status}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {booking && (
        <>
          {/* Said once: by the status line when the customer has just cancelled it, else here. */}
          {booking.status === 'CANCELLED' && !status ? <p className="notice">Bookingen er annulleret.</p> : null}
          <BookingSummary booking={booking} />
          {booking.changeable && !offers && (
            <div className="actions">
              <button type="button" disabled={busy} onClick={() => run(async () => setOffers(await findMoveOffers(token)))}>
                Flyt tiden
              </button>
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() => run(async () => adopt(await cancelBooking(token), 'Bookingen er annulleret.'))}
              >
                Annuller booking
              </button>
            </div>
          )}
          {offers && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (choice) void run(async () => adopt(await moveBooking(token, choiceBody(choice)), 'Tiden er flyttet.'));
              }}
            >
              <h2>Vælg en ny tid</h2>
              <Places offers={offers} choice={choice} onChoose={setChoice} />
              <div className="actions">
                <button type="submit" disabled={!choice || busy}>
                  Flyt til den valgte tid
                </button>
                <button type="button" className="secondary" onClick={() => setOffers(null)}>
                  Fortryd
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** The six steps of a new booking. */
function NewBooking() {
  const [step, setStep] = useState(0);
  const [plate, setPlate] = useState('');
  const [car, setCar] = useState<TWebCarFound | null>(null);
  const [job, setJob] = useState('');
  const [payer, setPayer] = useState('');
  const [insurer, setInsurer] = useState('');
  const [zipCode, setZipCode] = useState('');
  const [offers, setOffers] = useState<TWebOffers | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [contact, setContact] = useState({
    name: '',
    phone: '',
    email: '',
    address: '',
    allowSms: true,
    allowEmail: false,
    privacyAccepted: false,
    website: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<TWebBooking | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [step, booked]);

  const query = () => ({ registrationNumber: plate, job, zipCode });
  const set = (patch: Partial<typeof contact>) => setContact((c) => ({ ...c, ...patch }));

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const found: Record<string, string> = {};
    if (step === 0 && !/^[A-ZÆØÅ0-9]{2,8}$/i.test(plate.replace(/[\s-]/g, ''))) found.plate = WEB_BOOKING_MESSAGES.plate;
    if (step === 1 && !job) found.job = 'Vælg, hvad der er galt';
    if (step === 1 && !payer) found.payer = 'Vælg, hvordan du betaler';
    if (step === 1 && payer === 'INSURANCE' && !insurer) found.insurer = WEB_BOOKING_MESSAGES.insurer;
    if (step === 2 && !/^\d{4}$/.test(zipCode.trim())) found.zipCode = WEB_BOOKING_MESSAGES.zipCode;
    if (step === 3 && !choice) found.place = 'Vælg en tid';
    if (step === 4) {
      if (!contact.name.trim()) found.name = WEB_BOOKING_MESSAGES.name;
      if (!/^\d{8}$/.test(contact.phone.replace(/[\s-]/g, '').replace(/^\+45/, ''))) found.phone = WEB_BOOKING_MESSAGES.phone;
      if (contact.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact.email.trim())) found.email = WEB_BOOKING_MESSAGES.email;
      if (payer === 'INSURANCE' && !contact.email.trim()) found.email = WEB_BOOKING_MESSAGES.emailForInsurance;
      if (!contact.address.trim()) found.address = WEB_BOOKING_MESSAGES.address;
      if (!contact.allowSms && !(contact.allowEmail && contact.email)) found.consent = WEB_BOOKING_MESSAGES.consent;
      if (!contact.privacyAccepted) found.privacy = WEB_BOOKING_MESSAGES.privacy;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      if (step === 0) setCar(await findCar(plate));
      if (step === 2) {
        setOffers(await findOffers(query()));
        setChoice(null);
      }
      if (step === 5) {
        setBooked(await bookTime({ ...query(), payer, insurer, ...contact, place: choiceBody(choice!) }));
        return;
      }
      setStep(step + 1);
    } catch (e) {
      const message = e instanceof BookError ? e.message : WEB_BOOKING_MESSAGES.refused;
      setFailure(message);
      // A time taken meanwhile: the place's next free times are offered again.
      if (e instanceof BookError && e.status === 409 && step === 5) {
        setOffers(await findOffers(query()).catch(() => offers));
        setChoice(null);
        setStep(3);
      }
    } finally {
      setBusy(false);
    }
  };

  if (booked) {
    return (
      <section aria-labelledby="done-title">
        <h1 id="done-title" ref={heading} tabIndex={-1}>
          Tak for din booking
        </h1>
        <p>
          Vi har sendt en bekræftelse{contact.allowSms ? ' på SMS' : ''}
          {contact.allowSms && contact.allowEmail && contact.email ? ' og' : ''}
          {contact.allowEmail && contact.email ? ' på e-mail' : ''}. Vi ser bookingen igennem og kontakter dig, hvis der er noget.
        </p>
        <BookingSummary booking={booked} />
        <p>
          <a href={`#m=${booked.token}`}>Se, flyt eller annuller din booking</a>
        </p>
      </section>
    );
  }

  const slot = choice ? slotOf(choice) : undefined;
  return (
    <form onSubmit={next} noValidate aria-labelledby="step-title">
      <p className="progress">
        Trin {step + 1} af {STEPS.length}
      </p>
      <h1 id="step-title" ref={heading} tabIndex={-1}>
        {STEPS[step]}
      </h1>
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}

      {step === 0 && (
        <Field label="Bilens nummerplade" error={errors.plate} hint="F.eks. AB 12 345">
          {(id, describedBy) => (
            <input
              id={id}
              className="plate"
              value={plate}
              onChange={(e) => setPlate(e.target.value.toUpperCase())}
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={10}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.plate)}
            />
          )}
        </Field>
      )}

      {step === 1 && (
        <>
          {car && (
            <p className="car">
              {car.make} {car.model}
              {car.modelYear ? `, ${car.modelYear}` : ''}{' '}
              <button type="button" className="link" onClick={() => setStep(0)}>
                Ikke din bil?
              </button>
            </p>
          )}
          <fieldset className="choices" aria-describedby={errors.job ? 'job-error' : undefined}>
            <legend>Hvad er der galt?</legend>
            {WEB_JOBS.map((j) => (
              <label key={j.type} className="choice">
                <input type="radio" name="job" value={j.type} checked={job === j.type} onChange={() => setJob(j.type)} />
                {j.label}
              </label>
            ))}
            {errors.job && (
              <p id="job-error" className="error">
                {errors.job}
              </p>
            )}
          </fieldset>
          <fieldset className="choices" aria-describedby={errors.payer ? 'payer-error' : undefined}>
            <legend>Hvordan betaler du?</legend>
            {WEB_PAYERS.map((p) => (
              <label key={p.payer} className="choice">
                <input type="radio" name="payer" value={p.payer} checked={payer === p.payer} onChange={() => setPayer(p.payer)} />
                {p.label}
              </label>
            ))}
            {errors.payer && (
              <p id="payer-error" className="error">
                {errors.payer}
              </p>
            )}
          </fieldset>
          {payer === 'INSURANCE' && (
            <Field label="Forsikringsselskab" error={errors.insurer} hint="Vi tjekker din dækning, før vi bekræfter">
              {(id, describedBy) => (
                <select
                  id={id}
                  value={insurer}
                  onChange={(e) => setInsurer(e.currentTarget.value)}
                  required
                  aria-describedby={describedBy}
                  aria-invalid={Boolean(errors.insurer)}
                >
                  <option value="">Vælg forsikringsselskab</option>
                  {car?.insurers.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                  <option value={WEB_INSURER_UNKNOWN}>{WEB_INSURER_UNKNOWN}</option>
                </select>
              )}
            </Field>
          )}
        </>
      )}

      {step === 2 && (
        <Field label="Dit postnummer" error={errors.zipCode} hint="Vi finder værksteder nær dig, og om vi kan komme til dig">
          {(id, describedBy) => (
            <input
              id={id}
              value={zipCode}
              onChange={(e) => setZipCode(e.target.value)}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              aria-describedby={describedBy}
              aria-invalid={Boolean(errors.zipCode)}
            />
          )}
        </Field>
      )}

      {step === 3 && offers && (
        <>
          <Places offers={offers} choice={choice} onChoose={setChoice} />
          {errors.place && <p className="error">{errors.place}</p>}
        </>
      )}

      {step === 4 && (
        <>
          <Field label="Navn" error={errors.name}>
            {(id, d) => (
              <input
                id={id}
                value={contact.name}
                onChange={(e) => set({ name: e.target.value })}
                autoComplete="name"
                maxLength={100}
                aria-describedby={d}
                aria-invalid={Boolean(errors.name)}
              />
            )}
          </Field>
          <Field label="Mobilnummer" error={errors.phone}>
            {(id, d) => (
              <input
                id={id}
                type="tel"
                value={contact.phone}
                onChange={(e) => set({ phone: e.target.value })}
                autoComplete="tel-national"
                maxLength={15}
                aria-describedby={d}
                aria-invalid={Boolean(errors.phone)}
              />
            )}
          </Field>
          <Field label={payer === 'INSURANCE' ? 'E-mail' : 'E-mail (valgfri)'} error={errors.email}>
            {(id, d) => (
              <input
                id={id}
                type="email"
                value={contact.email}
                onChange={(e) => set({ email: e.target.value })}
                autoComplete="email"
                maxLength={254}
                aria-describedby={d}
                aria-invalid={Boolean(errors.email)}
              />
            )}
          </Field>
          <Field label="Adresse" error={errors.address} hint={offers?.city ? `Vej og husnummer i ${zipCode} ${offers.city}` : undefined}>
            {(id, d) => (
              <input
                id={id}
                value={contact.address}
                onChange={(e) => set({ address: e.target.value })}
                autoComplete="street-address"
                maxLength={200}
                aria-describedby={d}
                aria-invalid={Boolean(errors.address)}
              />
            )}
          </Field>
          {/* The honeypot: hidden from people and from screen readers; a bot fills it in. */}
          <div className="hp" aria-hidden="true">
            <label htmlFor="book-website">Hjemmeside</label>
            <input
              id="book-website"
              tabIndex={-1}
              autoComplete="off"
              value={contact.website}
              onChange={(e) => set({ website: e.target.value })}
            />
          </div>
          <fieldset className="choices">
            <legend>Bekræftelse</legend>
            <label className="choice">
              <input type="checkbox" checked={contact.allowSms} onChange={(e) => set({ allowSms: e.target.checked })} />
              Send mig bekræftelsen på SMS
            </label>
            <label className="choice">
              <input type="checkbox" checked={contact.allowEmail} onChange={(e) => set({ allowEmail: e.target.checked })} />
              Send mig bekræftelsen på e-mail
            </label>
            {errors.consent && <p className="error">{errors.consent}</p>}
          </fieldset>
          <p className="privacy">
            Vi bruger dine oplysninger til at udføre opgaven og kontakte dig om den. Vi deler dem kun med dit forsikrings- eller
            leasingselskab, når de betaler, og sletter dem, når vi ikke længere skal gemme dem efter bogføringsloven.
          </p>
          <label className="choice">
            <input type="checkbox" checked={contact.privacyAccepted} onChange={(e) => set({ privacyAccepted: e.target.checked })} />
            Jeg har læst, hvordan I bruger mine oplysninger
          </label>
          {errors.privacy && <p className="error">{errors.privacy}</p>}
        </>
      )}

      {step === 5 && choice && slot && (
        <dl className="summary">
          <dt>Bil</dt>
          <dd>
            {formatPlate(car?.registrationNumber ?? plate)}
            {car ? ` – ${car.make} ${car.model}` : ''}
          </dd>
          <dt>Opgave</dt>
          <dd>{WEB_JOBS.find((j) => j.type === job)?.label}</dd>
          <dt>Betaling</dt>
          <dd>
            {WEB_PAYERS.find((p) => p.payer === payer)?.label}
            {payer === 'INSURANCE' && insurer ? ` (${insurer})` : ''}
          </dd>
          <dt>Tid</dt>
          <dd>{when(slot.from)}</dd>
          <dt>Sted</dt>
          <dd>
            {choice.place.name}
            <br />
            {choice.place.mobile ? `${contact.address}, ${zipCode}` : choice.place.address}
          </dd>
          <dt>Kontakt</dt>
          <dd>
            {contact.name}, {contact.phone}
            {contact.email ? `, ${contact.email}` : ''}
          </dd>
        </dl>
      )}

      <div className="actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Et øjeblik…' : step === 5 ? 'Book' : 'Næste'}
        </button>
        {step > 0 && (
          <button type="button" className="secondary" onClick={() => setStep(step - 1)}>
            Tilbage
          </button>
        )}
      </div>
    </form>
  );
}

export function BookPage() {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  const token = /^#m=(.+)$/.exec(hash)?.[1];
  return (
    <>
      <header className="top">
        <a href="/book" className="brand">
          Rudeplan
        </a>
        <span>Book tid</span>
      </header>
      <main className="page">{token ? <Manage key={token} token={token} /> : <NewBooking />}</main>
    </>
  );
}
