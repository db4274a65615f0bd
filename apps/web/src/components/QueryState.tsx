import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingDots } from './LoadingDots';
import { errorMessage } from '../lib/toast';

/** Loading dots, an error line, or the data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingDots />;
  if (query.isError) {
    return (
      <Alert color="red" title="Gagal memuat data">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
