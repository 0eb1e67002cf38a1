import { Stack } from '@mantine/core';
import { OrderBlock, PriceEnquiryBlock, useFlowLeaveConfirmation } from '../../orders';

/** The order, car and payer block and the price enquiry; they hold the flow's first step, so leaving asks first. */
export function OrderBlocks() {
  useFlowLeaveConfirmation();
  return (
    <Stack gap="md">
      <OrderBlock />
      <PriceEnquiryBlock />
    </Stack>
  );
}
