/** The task journal's public face: every service that changes an order records it here. */
export {
  addLogEntry,
  getLogReasons,
  listComplaintReasons,
  recordOrderChange,
  recordOrderNote,
  unprocessable,
  type JournalActor,
  type OrderChange,
} from './journal.service';
