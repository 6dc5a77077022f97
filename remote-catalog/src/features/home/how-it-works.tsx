import styles from './how-it-works.module.css';

const STEPS = [
  { title: 'Choose a Car', text: 'Browse the fleet, compare prices and open any car for its specs and free dates.' },
  { title: 'Book the Car', text: 'Sign in, tell us who is driving and pick your pick-up and drop-off dates.' },
  { title: 'Rental Successful!', text: 'Your booking is confirmed at once and waits for you in your profile.' },
];

export function HowItWorks() {
  return (
    <section className={styles.section} aria-labelledby="how-it-works-heading">
      <div className={styles.inner}>
        <h2 id="how-it-works-heading" className={styles.heading}>
          How It Works?
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.title}>{step.title}</h3>
              <p className={styles.text}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
