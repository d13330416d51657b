import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';

/** The vehicle selector: only a whole vehicle (and year) narrows the listing. */
export const VehicleSelector = observer(function VehicleSelector() {
  const { dlp, context, messages: m } = useStores();
  const cx = usePartClass();
  const vehicles = dlp.data?.vehicles ?? [];
  const id = useId();
  const [vehicleId, setVehicleId] = useState(dlp.vehicle?.id ?? '');
  const [year, setYear] = useState(dlp.vehicle?.year ?? '');
  useEffect(() => {
    setVehicleId(dlp.vehicle?.id ?? '');
    setYear(dlp.vehicle?.year ?? '');
  }, [dlp.vehicle]);
  if (!context.config.vehicleSelector || vehicles.length === 0) return null;
  const chosen = vehicles.find((v) => v.id === vehicleId);
  const years = chosen
    ? Array.from({ length: chosen.years[1] - chosen.years[0] + 1 }, (_, i) => String(chosen.years[1] - i))
    : [];
  const applied = dlp.vehicle ? vehicles.find((v) => v.id === dlp.vehicle!.id) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen && years.includes(year)) dlp.setVehicle({ id: chosen.id, year });
  };
  return (
    <form className="aisle-vehicle" aria-labelledby={`${id}-title`} onSubmit={submit}>
      <h2 className="aisle-vehicle__title" id={`${id}-title`}>
        {m.vehicleTitle}
      </h2>
      <label>
        <span>{m.vehicle}</span>
        <select
          value={vehicleId}
          onChange={(e) => {
            setVehicleId(e.target.value);
            setYear('');
          }}
        >
          <option value="">{m.chooseVehicle}</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{m.year}</span>
        <select value={year} onChange={(e) => setYear(e.target.value)} disabled={!chosen}>
          <option value="">{m.chooseYear}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={cx('button', 'aisle-button')} disabled={!chosen || year === ''}>
        {m.showParts}
      </button>
      {applied && dlp.vehicle ? (
        <p className="aisle-vehicle__status" role="status">
          {m.fitsVehicle(applied.name, dlp.vehicle.year)}{' '}
          <button
            type="button"
            className={cx('button', 'aisle-button aisle-button--link')}
            onClick={() => dlp.setVehicle(null)}
          >
            {m.clearVehicle}
          </button>
        </p>
      ) : null}
    </form>
  );
});
