import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { pageWindow } from '@/domain/order-lists';

interface ListPaginationProps {
  page: number;
  pageCount: number;
  /** There are more matches than the pages shown (a common free-text term is counted ten pages ahead). */
  more?: boolean;
  onChange: (page: number) => void;
}

/** First, previous, up to five page numbers, next, last (pages are 0-based inside, shown from 1). */
export function ListPagination({ page, pageCount, more = false, onChange }: ListPaginationProps) {
  if (pageCount <= 1) return null;
  const last = pageCount - 1;
  const edge = (label: string, target: number, disabled: boolean, icon: React.ReactNode) => (
    <ActionIcon variant="default" size="lg" aria-label={label} title={label} disabled={disabled} onClick={() => onChange(target)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap={6} justify="center" wrap="wrap" component="nav" aria-label="Sider">
      {edge('Første side', 0, page === 0, <IconChevronsLeft size={18} />)}
      {edge('Forrige side', page - 1, page === 0, <IconChevronLeft size={18} />)}
      {pageWindow(page, pageCount).map((p) => (
        <Button
          key={p}
          size="compact-md"
          h={34}
          miw={34}
          px={8}
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Side ${p + 1}`}
          onClick={() => onChange(p)}
        >
          {p + 1}
        </Button>
      ))}
      {edge('Næste side', page + 1, page === last, <IconChevronRight size={18} />)}
      {edge('Sidste side', last, page === last, <IconChevronsRight size={18} />)}
      <Text size="sm" c="dimmed" ml="xs">
        Side {page + 1} af {pageCount}
        {more ? '+' : ''}
      </Text>
    </Group>
  );
}
