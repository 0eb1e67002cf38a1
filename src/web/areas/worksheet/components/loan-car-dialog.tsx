import { Alert, Box, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPlate } from '@/domain/lib/format';
import { LOAN_TERMS } from '@/domain/loan-cars/loan-car.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { CarDamageDrawing } from '../../../components/car-damage-drawing';
import { SignaturePad } from '../../../components/signature-pad';
import { notify } from '../../../lib/notify';
import { addLoanCarDamage, loanCarsQueryKey, removeLoanCarDamage } from '../../loan-cars';
import { createLoanCarInsurance, useLoanCars, useSignLoanCar } from '../api';
import { LoadingStatus } from '../../../components/query-state';

interface LoanCarDialogProps {
  opened: boolean;
  order: TOrder;
  onClose: () => void;
  /** The link to the signed agreement and the car (the server has stored both on the order). */
  onSigned: (link: string, carId: string) => void;
  /** The loan-car insurance more-sale order; the worksheet opens it. */
  onInsuranceCreated: (orderId: string) => void;
}

/**
 * 'Låneaftale' (only for orders with BIL001): the department's loan car, its damage markers on the car
 * outline, the agreement's terms and the customer's signature (PUT /api/SignedPDF/SignLoanCar/{orderId}/{carId});
 * afterwards the loan-car insurance is offered as a more-sale.
 */
export function LoanCarDialog({ opened, order, onClose, onSigned, onInsuranceCreated }: LoanCarDialogProps) {
  const departmentId = order.timeAndPlace.department.id;
  const cars = useLoanCars(departmentId, opened);
  const queryClient = useQueryClient();
  const [carId, setCarId] = useState<string | null>(null);
  const [signature, setSignature] = useState<Blob | null>(null);
  const sign = useSignLoanCar();
  const list = cars.data ?? [];
  const car = list.find((c) => c.id === (carId ?? order.orderProperties.loanCarId)) ?? (list.length === 1 ? list[0] : undefined);

  const refresh = () => queryClient.invalidateQueries({ queryKey: loanCarsQueryKey(departmentId) });
  const addDamage = (x: number, y: number) => {
    if (!car) return;
    addLoanCarDamage(car.id, { x, y }, order.additionalData.orderId)
      .then(refresh)
      .catch(() => notify.error('Api: "addDamage" failed'));
  };
  const removeDamage = (id: string) => {
    if (!car) return;
    removeLoanCarDamage(car.id, id, order.additionalData.orderId)
      .then(refresh)
      .catch(() => notify.error('Api: "removeDamage" failed'));
  };

  const offerInsurance = () =>
    modals.openConfirmModal({
      title: 'Selvrisikoforsikring',
      children: (
        <Text size="sm">
          Vil kunden købe selvrisikoforsikring til lånebilen ({LOAN_TERMS.excessWaiverPerDay} kr. pr. dag)? Der oprettes en mersalgsordre.
        </Text>
      ),
      labels: { confirm: 'Opret mersalg', cancel: 'Nej tak' },
      onConfirm: () => {
        createLoanCarInsurance(order.additionalData.orderId)
          .then((created) => onInsuranceCreated(created.additionalData.orderId))
          .catch(() => notify.error('Api: "Create Moresale order" failed'));
      },
    });

  const submit = () => {
    if (!car || !signature) return;
    sign.mutate(
      { orderId: order.additionalData.orderId, carId: car.id, png: signature },
      {
        onSuccess: (link) => {
          notify.success('Låneaftalen er underskrevet');
          onSigned(link, car.id);
          onClose();
          offerInsurance();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Låneaftale" size="xl" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      {cars.isPending ? (
        <LoadingStatus size="sm" label="Henter lånebiler" />
      ) : list.length === 0 ? (
        <Alert color="yellow">Afdelingen har ingen lånebiler.</Alert>
      ) : (
        <Stack gap="md">
          <Select
            label="Lånebil"
            data={list.map((c) => ({ value: c.id, label: `${formatPlate(c.regNumber)} · ${c.make} ${c.model} (${c.fuelType})` }))}
            value={car?.id ?? null}
            onChange={setCarId}
            allowDeselect={false}
          />
          {car ? (
            <Group align="flex-start" gap="lg" wrap="wrap">
              <Stack gap={4} align="center">
                <CarDamageDrawing car={car} onAdd={addDamage} onRemove={removeDamage} />
                <Text size="xs" c="dimmed" maw={180} ta="center">
                  Klik på bilen for at markere en skade; klik på en markering for at fjerne den.
                </Text>
              </Stack>
              <Box style={{ flex: 1, minWidth: 240 }}>
                <Text fw={600} size="sm" mb={4}>
                  Vilkår
                </Text>
                <List size="sm" spacing={2}>
                  <List.Item>
                    Dagspris {LOAN_TERMS.dailyPrice} kr. inkl. {LOAN_TERMS.includedKm} km
                  </List.Item>
                  <List.Item>Selvrisiko {LOAN_TERMS.excessPerDamage} kr. pr. skade</List.Item>
                  <List.Item>Selvrisikoforsikring {LOAN_TERMS.excessWaiverPerDay} kr. pr. dag</List.Item>
                  <List.Item>Bilen skal afleveres senest kl. {LOAN_TERMS.returnBy}</List.Item>
                  <List.Item>Elbilens rækkevidde er ca. {LOAN_TERMS.electricRangeKm} km</List.Item>
                  <List.Item>Skader markeret mere end 15 minutter før udlevering regnes som skader før udlevering</List.Item>
                </List>
              </Box>
            </Group>
          ) : null}
          <SignaturePad width={450} height={85} label="Kundens underskrift" onChange={setSignature} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Annuller
            </Button>
            <Button onClick={submit} disabled={!car || !signature} loading={sign.isPending}>
              Underskriv låneaftale
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
