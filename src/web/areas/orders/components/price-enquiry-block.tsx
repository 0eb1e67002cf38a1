import { Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { ProductSearchBar } from '../../catalogue';

/** The products screen's address for a search: /products?kind=EuroCode&search=2448AGN. */
export function productSearchPath(kind: string, term: string): string {
  return `${SCREENS.PRODUCTS.path}?${new URLSearchParams({ kind, search: term }).toString()}`;
}

/** 'Prisforespørgsel': a product search that opens the products screen with the result. */
export function PriceEnquiryBlock() {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="price-enquiry-title">
      <Title order={2} size="h3" id="price-enquiry-title" mb={4}>
        Prisforespørgsel
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Søg et produkt frem for at se pris og lager.
      </Text>
      <ProductSearchBar label="Søg produkt" onSearch={(kind, term) => navigate(productSearchPath(kind, term))} />
    </Paper>
  );
}
