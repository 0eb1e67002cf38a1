/** The worksheet area's public face for other areas and tools: the order lifecycle after creation. */
export {
  cancelOrder,
  changeStatus,
  createComplaint,
  createMoreSale,
  saveOrder,
  type Actor as LifecycleActor,
  type ReviewRules,
} from './worksheet.service';
