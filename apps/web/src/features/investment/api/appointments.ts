import {
  AppointmentStatusResponseSchema,
  AppointResponseSchema,
} from '@hk/domain/steps/investment/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiPostJson } from '../../../lib/api-client';

export type AppointmentStatus = z.infer<typeof AppointmentStatusResponseSchema>['data'];
export type AppointResult = z.infer<typeof AppointResponseSchema>['data'];

export const appointmentQueryKey = ['open-account', 'appointment'] as const;

// POST /v9/OpenAccountHk/appointment_status (docs/api/steps/investment.md): the booking and the bookable slots.
export async function fetchAppointmentStatus(): Promise<AppointmentStatus> {
  return (await apiPostJson('/v9/OpenAccountHk/appointment_status', {}, AppointmentStatusResponseSchema))
    .data;
}

/** The risk-call booking, fetched while the screen shows the booking (the slots move with the clock). */
export function useAppointmentStatus(enabled: boolean) {
  return useQuery({
    queryKey: appointmentQueryKey,
    queryFn: fetchAppointmentStatus,
    enabled,
    staleTime: 60_000,
  });
}

export interface AppointBody {
  slot: string;
  /** The booking's version the screen showed (0: none), so a change made elsewhere is not overwritten. */
  appointment_version: number;
}

// POST /v9/OpenAccountHk/appoint
export async function appoint(body: AppointBody): Promise<AppointResult> {
  return (await apiPostJson('/v9/OpenAccountHk/appoint', { ...body }, AppointResponseSchema)).data;
}

/** Books or changes the call; the status is fetched again either way (a refusal may mean it moved). */
export function useAppoint() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: appoint,
    onSettled: () => qc.invalidateQueries({ queryKey: appointmentQueryKey }),
  });
}
