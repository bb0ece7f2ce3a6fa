import { INT32_MAX, type DelegationForm, type Issue, type VehicleType } from '@delego/domain';
import type { Executor } from '../../db/client.ts';
import { vehicleRepo } from '../vehicle/vehicle.repo.ts';

function vehicleIdOf(value: string | number | null | undefined): number | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= INT32_MAX ? id : 'invalid';
}

/**
 * The segments' vehicles as the company keeps them (issue 15 §1): mileage is computed from the
 * vehicle record named by `vehicle_id` — private or not, its owner, kind and engine capacity — and
 * never from vehicle data in the request, which is replaced. A vehicle that does not exist in the
 * company, or another employee's private vehicle, is refused at the segment's `vehicle_id`.
 */
export async function withStoredVehicles(
  db: Executor,
  companyId: number,
  employeeId: number | null,
  delegation: DelegationForm,
): Promise<{ delegation: DelegationForm; issues: Issue[] }> {
  const ids = delegation.transport.map((segment) => vehicleIdOf(segment.vehicle_id));
  const known = new Map((await vehicleRepo.findMany(db, companyId, [...new Set(ids.filter((id): id is number => typeof id === 'number'))])).map((row) => [row.id, row]));
  const issues: Issue[] = [];
  const transport = delegation.transport.map((segment, index) => {
    const id = ids[index];
    // Assigned, not spread, like the maps' distances (settlement-distances.ts): this runs for every keystroke.
    if (id === null || id === undefined) return Object.assign({}, segment, { vehicle_id: null, vehicle: null });
    const row = typeof id === 'number' ? known.get(id) : undefined;
    const path = ['transport', index, 'vehicle_id'];
    if (!row) {
      issues.push({ path, code: 'validation.unknownReference' });
      return { ...segment, vehicle: null };
    }
    if (row.isPrivate && row.ownerUserId !== employeeId) {
      issues.push({ path, code: 'settlement.vehicleOfAnotherUser' });
      return { ...segment, vehicle: null };
    }
    return {
      ...segment,
      vehicle_id: row.id,
      vehicle: { id: row.id, plates: row.plates, model: row.model, engine_capacity: row.engineCapacity, type: row.type as VehicleType, is_private: row.isPrivate },
    };
  });
  return { delegation: { ...delegation, transport }, issues };
}
