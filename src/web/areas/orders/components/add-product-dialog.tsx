import { Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TProduct, TProductGroup, TProductSearchKind } from '@/domain/catalogue/catalogue.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { ProductSearchBar, useProductSearch } from '../../catalogue';
import { useOrderActions } from '../flow/use-order-actions';
import { ProductTable } from './product-table';

interface AddProductDialogProps {
  opened: boolean;
  onClose: () => void;
  order: TOrder;
  /** Replaces the plain removal (the worksheet asks for a log reason before the main item goes). */
  onRemove?: (itemNo: string) => void;
}

/**
 * 'Tilføj produkt': a product search whose table adds to (or removes from) the order of the
 * surrounding OrderFlowProvider (the confirm step's and the worksheet's 'Tilføj').
 */
export function AddProductDialog({ opened, onClose, order, onRemove }: AddProductDialogProps) {
  const actions = useOrderActions();
  const [search, setSearch] = useState<{ kind: TProductSearchKind; term: string } | null>(null);
  const result = useProductSearch(search);
  const products = (result.data ?? []).flatMap((group: TProductGroup) => group.items);
  const remove = (product: TProduct) => (onRemove ?? actions.removeItem)(product.itemNo);
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Luk dialogen' }} title="Tilføj produkt" size="90rem">
      <Stack gap="md">
        <ProductSearchBar onSearch={(kind, term) => setSearch({ kind, term })} loading={result.isFetching} />
        {search && !result.isPending ? (
          products.length === 0 ? (
            <Text c="dimmed">Ingen produkter fundet</Text>
          ) : (
            <ProductTable
              label="Søgeresultat"
              products={products}
              order={order}
              onAdd={(product, amount) => actions.addProducts([{ product, amount }], 'single')}
              onRemove={remove}
              onAddAll={actions.addWithSubItems}
            />
          )
        ) : null}
      </Stack>
    </Modal>
  );
}
