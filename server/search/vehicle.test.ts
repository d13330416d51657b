import { describe, expect, it } from 'vitest';
import { handleVehicleSelector } from './handler.js';
import { categoryProducts, search, selectVehicle, tenants } from './testing/support.js';

const body = { customer: 'gearhead', page: 'brake-pads', start: 0, size: 500 };
const fits = (vehicleId: string, year: number) => (p: ReturnType<typeof categoryProducts>[number]) =>
  (p.fitment ?? []).some((fit) => fit.vehicle_id === vehicleId && fit.years.includes(year));

describe('vehicle selector', () => {
  it('narrows results to the parts that fit the vehicle in that model year', () => {
    const answer = selectVehicle({ ...body, vehicle_id: 'honda-civic', vehicle_year: '2015' });
    const expected = categoryProducts('brake-pads').filter(fits('honda-civic', 2015));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(categoryProducts('brake-pads').length);
    expect(answer.products.map((p) => p.product_id)).toEqual(expected.map((p) => p.product_id));
    expect(answer.payload).toMatchObject({ total: expected.length, filtered: expected.length });
    expect(answer.vehicle).toEqual({ vehicle_id: 'honda-civic', vehicle_year: 2015, name: 'Honda Civic' });
  });

  it('combines fitment with filters, counting facets over the fitting parts only', () => {
    const fitted = categoryProducts('brake-pads').filter(fits('ford-f150', 2018));
    const answer = selectVehicle({
      ...body,
      vehicle_id: 'ford-f150',
      vehicle_year: 2018,
      filters: [{ key: 'rating', value: ['3'] }],
    });
    expect(answer.payload.filtered).toBe(fitted.filter((p) => p.average_rating >= 3).length);
    const four = answer.filters.find((f) => f.key === 'rating')?.options.find((o) => o.key === '4');
    expect(four?.count).toBe(fitted.filter((p) => p.average_rating >= 4).length);
  });

  it('offers the vehicles in every auto search response', () => {
    expect(search(body).vehicles?.map((v) => v.id)).toContain('honda-civic');
  });

  it.each([
    ['no vehicle at all', {}, /vehicle_id and vehicle_year are both required/],
    ['no year', { vehicle_id: 'honda-civic' }, /both required/],
    ['no vehicle', { vehicle_year: '2015' }, /both required/],
    ['a year that is not a year', { vehicle_id: 'honda-civic', vehicle_year: 'last year' }, /four-digit year/],
    ['an unknown vehicle', { vehicle_id: 'delorean', vehicle_year: '1985' }, /unknown vehicle_id "delorean"/],
    ['a vehicle id that is not text', { vehicle_id: 3, vehicle_year: '2015' }, /vehicle_id must be a string/],
  ])('answers 400 for %s', (_, vehicle, message) => {
    const result = handleVehicleSelector({ ...body, ...vehicle }, { tenants });
    expect(result.status).toBe(400);
    expect((result.json as { error: string }).error).toMatch(message);
  });

  it('answers 400 for a tenant that sells no vehicle parts', () => {
    const result = handleVehicleSelector(
      { customer: 'maple-pine', page: 'mens-jeans', vehicle_id: 'honda-civic', vehicle_year: '2015' },
      { tenants },
    );
    expect(result).toEqual({ status: 400, json: { error: 'tenant maple sells no vehicle parts' } });
  });
});
