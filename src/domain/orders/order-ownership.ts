import { ZERO_GUID } from '../lib/guid';
import type { TOrder } from './order.schemas';
import { emptyOrder } from './order.schemas';

/**
 * Fields of an order that the server owns: a client body never sets them. They are set only by the calls
 * that own them: the numbers and the creator by the insert; the signed documents and the loan car by
 * signing (SignedPDF); the SMS flags by sending an SMS; the complaint and its original order by
 * POST /Complaint/create/{id}; the completion time by finishing.
 */

/** The complaint fields the worksheet edits; the rest (type, the original's job and maker, the logs) are its creation's. */
type TEditableComplaint = Pick<NonNullable<TOrder['complaint']>, 'issues' | 'otherIssue' | 'workerFault' | 'referenceWorker'>;

function ownedBy(order: TOrder, owner: TOrder, complaint: TOrder['complaint']): TOrder {
  const a = owner.additionalData;
  return {
    ...order,
    additionalData: {
      ...order.additionalData,
      orderId: a.orderId,
      orderNr: a.orderNr,
      bookingNr: a.bookingNr,
      createdBy: a.createdBy,
      created: a.created,
      createdDateTime: a.createdDateTime,
      workCompleted: a.workCompleted,
      guaranteeId: a.guaranteeId,
      changes: a.changes,
      internalImages: a.internalImages,
      externalImages: a.externalImages,
    },
    orderProperties: {
      ...order.orderProperties,
      signCalibrationChallenges: owner.orderProperties.signCalibrationChallenges,
      signedLoanCar: owner.orderProperties.signedLoanCar,
      loanCarId: owner.orderProperties.loanCarId,
    },
    notificationStatus: owner.notificationStatus,
    car: { ...order.car, currentOrdersOnReg: owner.car.currentOrdersOnReg },
    complaint,
  };
}

/** A new order from a client body: every server-owned field starts empty (no complaint, nothing signed or sent). */
export function withoutOwnedFields(input: TOrder): TOrder {
  const blank = emptyOrder();
  return ownedBy(input, { ...blank, additionalData: { ...blank.additionalData, orderId: input.additionalData.orderId } }, null);
}

/**
 * A save of a stored order: its server-owned fields stay as stored. Only a complaint order has complaint
 * fields, and a save changes only the ones the worksheet edits (who may change which is complaintChangeRefusal's).
 */
export function withOwnedFieldsOf(input: TOrder, stored: TOrder): TOrder {
  const complaint = stored.complaint && {
    ...stored.complaint,
    ...(input.complaint ? editableComplaint(input.complaint) : {}),
  };
  return ownedBy(input, stored, complaint);
}

function editableComplaint(complaint: NonNullable<TOrder['complaint']>): TEditableComplaint {
  return {
    issues: complaint.issues,
    otherIssue: complaint.otherIssue,
    workerFault: complaint.workerFault,
    referenceWorker: complaint.referenceWorker || ZERO_GUID,
  };
}
