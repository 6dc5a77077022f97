import type { Vehicle } from '@rentora/shared';
import styles from './specs-table.module.css';

export interface SpecsTableProps {
  vehicle: Vehicle;
}

export function SpecsTable({ vehicle }: SpecsTableProps) {
  const rows: [string, string][] = [
    ['Year', String(vehicle.model_year)],
    ['Average', `${vehicle.average} KMPL`],
    ['Fuel Type', vehicle.fuel_type],
    ['Engine', vehicle.engine],
    ['Transmission', vehicle.transmission],
  ];
  return (
    <section className={styles.specs} aria-labelledby="specs-heading">
      <h2 id="specs-heading" className={styles.heading}>
        Specs
      </h2>
      <table className={styles.table}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
