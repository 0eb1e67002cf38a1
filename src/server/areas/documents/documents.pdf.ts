import {
  PDFDocument,
  PageSizes,
  StandardFonts,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  scale,
  translate,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import {
  ADAS_DISCLAIMER,
  COMPANY_NAME,
  DAMAGE_GROUP_LABELS,
  LOAN_CAR_AGREEMENT,
  SIGNATURE_SIZE,
  type DocumentText,
} from '@/domain/documents';
import { formatDate, formatDateTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { LOAN_CAR_DRAWING, splitDamagesAtPickup } from '@/domain/loan-cars';
import type { SignatureImage } from './signature-png';

/**
 * The two signed documents as real PDFs (pdf-lib): A4, Helvetica (its WinAnsi encoding writes æ, ø, å),
 * the document's text, the order's facts and the signature image stamped in. Without a signature the
 * same code gives the blank template.
 */
export interface OrderFacts {
  orderNr: string;
  customerName: string;
  customerAddress: string;
  customerPhone: string;
  carRegistrationNumber: string;
  carMakeModel: string;
  departmentName: string;
}

export interface LoanCarFacts {
  regNumber: string;
  make: string;
  model: string;
  colour: string;
  fuelType: string;
  damages: ReadonlyArray<{ x: number; y: number; description: string; date: Date }>;
}

export interface Signing {
  /** The signature, decoded and deflated off the event loop (signature-png.ts). */
  image: SignatureImage;
  at: Date;
  /** Who took the signature (the user's initials). */
  witnessedBy: string;
}

const MARGIN = 56;
/** Top and bottom margin. */
const MARGIN_Y = 44;
const INK = rgb(0.1, 0.1, 0.12);
const GREY = rgb(0.42, 0.42, 0.45);
const LINE = rgb(0.75, 0.75, 0.78);
const ACCENT = rgb(0.07, 0.33, 0.6);
const RED = rgb(0.8, 0.1, 0.1);
const ORANGE = rgb(0.9, 0.45, 0.0);

/** Writes top to bottom, wrapping text and starting a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  readonly width: number;

  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PageSizes.A4);
    this.width = this.page.getWidth() - 2 * MARGIN;
    this.y = this.page.getHeight() - MARGIN_Y;
  }

  /** Characters Helvetica cannot write (emoji, other scripts) become '?', so a customer's name never breaks the PDF. */
  clean(text: string, font: PDFFont = this.font): string {
    const supported = new Set(font.getCharacterSet());
    return Array.from(text.replace(/\s+/g, ' '), (c) => (supported.has(c.codePointAt(0)!) ? c : '?')).join('');
  }

  need(height: number): void {
    if (this.y - height < MARGIN_Y) {
      this.page = this.doc.addPage(PageSizes.A4);
      this.y = this.page.getHeight() - MARGIN_Y;
    }
  }

  wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text, font).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gapAfter?: number; indent?: number } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    for (const line of this.wrap(text, size, font, this.width - indent)) {
      this.need(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.25, size, font, color: options.color ?? INK });
    }
    this.y -= options.gapAfter ?? 4;
  }

  rule(gap = 8): void {
    this.need(gap * 2);
    this.y -= gap;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.6, color: LINE });
    this.y -= gap;
  }

  /** Label/value pairs, in one column or (with `right`) two side by side; a blank value gets a line to write on. */
  facts(rows: ReadonlyArray<readonly [string, string]>, right: ReadonlyArray<readonly [string, string]> = []): void {
    const size = 9.5;
    const columns = right.length > 0 ? [rows, right] : [rows];
    const columnWidth = (this.width - (columns.length - 1) * 24) / columns.length;
    const labelWidth = columns.length > 1 ? 92 : 120;
    const top = this.y;
    let lowest = top;
    columns.forEach((column, c) => {
      const x = MARGIN + c * (columnWidth + 24);
      let y = top;
      for (const [label, value] of column) {
        const lines = this.wrap(value || '', size, this.font, columnWidth - labelWidth);
        const height = Math.max(1, lines.length) * size * 1.4;
        this.page.drawText(this.clean(label, this.bold), { x, y: y - size * 1.1, size, font: this.bold, color: GREY });
        lines.forEach((line, i) =>
          this.page.drawText(line, { x: x + labelWidth, y: y - size * 1.1 - i * size * 1.4, size, font: this.font, color: INK }),
        );
        if (lines.length === 0) {
          this.page.drawLine({
            start: { x: x + labelWidth, y: y - size * 1.3 },
            end: { x: x + columnWidth, y: y - size * 1.3 },
            thickness: 0.5,
            color: LINE,
          });
        }
        y -= height + 2;
      }
      lowest = Math.min(lowest, y);
    });
    this.y = lowest - 4;
  }
}

function header(w: Writer, title: string, kind: string): void {
  w.page.drawText(COMPANY_NAME, { x: MARGIN, y: w.y - 14, size: 16, font: w.bold, color: ACCENT });
  const right = w.clean(kind);
  w.page.drawText(right, { x: MARGIN + w.width - w.font.widthOfTextAtSize(right, 9), y: w.y - 12, size: 9, font: w.font, color: GREY });
  w.y -= 28;
  w.text(title, { size: 15, bold: true, gapAfter: 6 });
}

function body(w: Writer, text: DocumentText): void {
  w.text(text.intro, { size: 10, gapAfter: 8 });
  for (const section of text.sections) {
    w.need(40);
    w.text(section.heading, { size: 11, bold: true, gapAfter: 2 });
    for (const paragraph of section.paragraphs) w.text(paragraph, { size: 10, gapAfter: 5 });
    w.y -= 3;
  }
}

/**
 * Draws the signature into the box, its streams put in the PDF as they are (pdf-lib's `embedPng` would
 * decode the PNG and deflate its pixels on the event loop): an RGB image with its alpha as soft mask.
 */
function drawSignature(
  doc: PDFDocument,
  page: PDFPage,
  signature: SignatureImage,
  box: { x: number; y: number; width: number; height: number },
): void {
  const { context } = doc;
  const image = {
    Type: 'XObject',
    Subtype: 'Image',
    Width: signature.width,
    Height: signature.height,
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  };
  const mask = signature.alpha
    ? context.register(context.stream(signature.alpha, { ...image, ColorSpace: 'DeviceGray', Decode: [0, 1] }))
    : undefined;
  const ref = context.register(context.stream(signature.rgb, { ...image, ColorSpace: 'DeviceRGB', ...(mask ? { SMask: mask } : {}) }));
  const fit = Math.min(box.width / signature.width, box.height / signature.height);
  const [width, height] = [signature.width * fit, signature.height * fit];
  const name = page.node.newXObject('Image', ref);
  page.pushOperators(
    pushGraphicsState(),
    translate(box.x, box.y + (box.height - height) / 2),
    scale(width, height),
    drawObject(name),
    popGraphicsState(),
  );
}

/** The signature block: the consent sentence, the signature (or a blank line), name, date and who took it. */
function signatureBlock(w: Writer, text: DocumentText, signerName: string, signing: Signing | null, doc: PDFDocument): void {
  const box = { width: SIGNATURE_SIZE.width * 0.62, height: SIGNATURE_SIZE.height * 0.62 };
  w.need(box.height + 64);
  w.rule(6);
  w.text(text.consent, { size: 10, gapAfter: 8 });
  const top = w.y;
  if (signing) drawSignature(doc, w.page, signing.image, { x: MARGIN, y: top - box.height, ...box });
  const lineY = top - box.height - 2;
  w.page.drawLine({ start: { x: MARGIN, y: lineY }, end: { x: MARGIN + box.width + 20, y: lineY }, thickness: 0.8, color: INK });
  w.page.drawText(w.clean(`Underskrift${signerName ? `: ${signerName}` : ''}`), {
    x: MARGIN,
    y: lineY - 12,
    size: 9,
    font: w.font,
    color: GREY,
  });
  const dateX = MARGIN + box.width + 60;
  w.page.drawText('Dato', { x: dateX, y: top - 12, size: 9, font: w.bold, color: GREY });
  w.page.drawText(signing ? formatDateTime(signing.at) : '', { x: dateX, y: top - 26, size: 10, font: w.font, color: INK });
  if (!signing) w.page.drawLine({ start: { x: dateX, y: top - 28 }, end: { x: dateX + 120, y: top - 28 }, thickness: 0.5, color: LINE });
  if (signing) {
    w.wrap(`Underskrevet digitalt på arbejdskortet, modtaget af ${signing.witnessedBy}`, 8, w.font, MARGIN + w.width - dateX).forEach(
      (line, i) => {
        w.page.drawText(line, { x: dateX, y: top - 42 - i * 10, size: 8, font: w.font, color: GREY });
      },
    );
  }
  w.y = lineY - 22;
}

function orderRows(order: OrderFacts | null): Array<readonly [string, string]> {
  return [
    ['Ordrenr.', order?.orderNr ?? ''],
    ['Kunde', order ? [order.customerName, order.customerAddress].filter(Boolean).join(', ') : ''],
    ['Telefon', order?.customerPhone ?? ''],
    ['Bil', order ? [order.carRegistrationNumber, order.carMakeModel].filter(Boolean).join(' – ') : ''],
    ['Afdeling', order?.departmentName ?? ''],
  ];
}

async function newDocument(title: string): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(COMPANY_NAME);
  doc.setCreator(COMPANY_NAME);
  doc.setLanguage('da-DK');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, w: new Writer(doc, font, bold) };
}

export async function buildAdasPdf(order: OrderFacts | null, signing: Signing | null): Promise<Uint8Array> {
  const { doc, w } = await newDocument(ADAS_DISCLAIMER.title);
  header(w, ADAS_DISCLAIMER.title, signing ? `Underskrevet ${formatDate(signing.at)}` : 'Skabelon');
  w.facts(orderRows(order));
  w.rule(4);
  body(w, ADAS_DISCLAIMER);
  signatureBlock(w, ADAS_DISCLAIMER, order?.customerName ?? '', signing, doc);
  return doc.save({ useObjectStreams: false });
}

/** The car drawing with numbered markers: red before handover, orange marked at handover. */
function drawCar(w: Writer, car: LoanCarFacts | null, pickupAt: Date): { before: LoanCarFacts['damages']; at: LoanCarFacts['damages'] } {
  const scale = 0.8;
  const height = LOAN_CAR_DRAWING.height * scale;
  const width = LOAN_CAR_DRAWING.width * scale;
  w.need(height + 20);
  const x = MARGIN + 10;
  const top = w.y - 6;
  const { paths } = LOAN_CAR_DRAWING;
  w.page.drawSvgPath(paths.wheels, { x, y: top, scale, color: rgb(0.25, 0.25, 0.25) });
  w.page.drawSvgPath(paths.body, { x, y: top, scale, color: rgb(0.95, 0.95, 0.96), borderColor: INK, borderWidth: 1 });
  for (const glass of [paths.windscreen, paths.rearWindow])
    w.page.drawSvgPath(glass, { x, y: top, scale, color: rgb(0.78, 0.87, 0.95), borderColor: GREY, borderWidth: 0.6 });
  w.page.drawSvgPath(paths.roof, { x, y: top, scale, borderColor: LINE, borderWidth: 0.6 });
  const split = splitDamagesAtPickup(car?.damages ?? [], pickupAt);
  const numbered = [...split.beforeHandover.map((d) => ({ d, color: RED })), ...split.atHandover.map((d) => ({ d, color: ORANGE }))];
  numbered.forEach(({ d, color }, i) => {
    const cx = x + (d.x / 100) * width;
    const cy = top - (d.y / 100) * height;
    w.page.drawCircle({ x: cx, y: cy, size: 6, color, borderColor: rgb(1, 1, 1), borderWidth: 0.8 });
    const label = String(i + 1);
    w.page.drawText(label, { x: cx - w.bold.widthOfTextAtSize(label, 7) / 2, y: cy - 2.5, size: 7, font: w.bold, color: rgb(1, 1, 1) });
  });

  // The lists beside the drawing.
  const listX = x + width + 40;
  let y = top - 4;
  const list = (label: string, items: LoanCarFacts['damages'], offset: number, color: ReturnType<typeof rgb>) => {
    w.page.drawCircle({ x: listX + 4, y: y - 4, size: 4, color });
    w.page.drawText(w.clean(label, w.bold), { x: listX + 14, y: y - 7, size: 10, font: w.bold, color: INK });
    y -= 18;
    if (items.length === 0 && car) {
      w.page.drawText('Ingen', { x: listX + 14, y: y - 2, size: 9, font: w.font, color: GREY });
      y -= 16;
    }
    if (!car) {
      // The blank template: lines to write the damages on.
      for (let i = 0; i < 3; i++) {
        w.page.drawLine({ start: { x: listX + 14, y: y - 6 }, end: { x: MARGIN + w.width, y: y - 6 }, thickness: 0.5, color: LINE });
        y -= 18;
      }
    }
    items.forEach((d, i) => {
      const text = w.clean(`${offset + i + 1}. ${d.description || 'Skade'} (${formatDateTime(d.date)})`);
      for (const line of w.wrap(text, 9, w.font, MARGIN + w.width - listX - 14)) {
        w.page.drawText(line, { x: listX + 14, y: y - 2, size: 9, font: w.font, color: INK });
        y -= 12;
      }
    });
    y -= 8;
  };
  list(DAMAGE_GROUP_LABELS.beforeHandover, split.beforeHandover, 0, RED);
  list(DAMAGE_GROUP_LABELS.atHandover, split.atHandover, split.beforeHandover.length, ORANGE);
  w.y = Math.min(top - height - 10, y);
  return { before: split.beforeHandover, at: split.atHandover };
}

export async function buildLoanCarPdf(order: OrderFacts | null, car: LoanCarFacts | null, signing: Signing | null): Promise<Uint8Array> {
  const { doc, w } = await newDocument(LOAN_CAR_AGREEMENT.title);
  const pickupAt = signing?.at ?? new Date();
  header(w, LOAN_CAR_AGREEMENT.title, signing ? `Udleveret ${formatDate(signing.at)}` : 'Skabelon');
  w.facts(orderRows(order), [
    ['Lånebil', car ? formatPlate(car.regNumber) : ''],
    ['Mærke og model', car ? `${car.make} ${car.model}` : ''],
    ['Farve', car?.colour ?? ''],
    ['Drivmiddel', car?.fuelType ?? ''],
    ['Udleveret', signing ? formatDateTime(signing.at) : ''],
  ]);
  w.rule(4);
  body(w, LOAN_CAR_AGREEMENT);
  w.need(200);
  w.text('Bilens skader', { size: 11, bold: true, gapAfter: 2 });
  drawCar(w, car, pickupAt);
  signatureBlock(w, LOAN_CAR_AGREEMENT, order?.customerName ?? '', signing, doc);
  return doc.save({ useObjectStreams: false });
}
