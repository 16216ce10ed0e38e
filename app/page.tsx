import Link from 'next/link';
import { ChildRequestView } from '@/components/preview/child-request-view';
import { Timeline } from '@/components/timeline/timeline';
import { classifyMessages, expandParentRanges, planFork } from '@/lib/fork';
import { DEFAULT_SCENARIO_ID } from '@/lib/scenarios/built-in-scenarios';
import { listScenarios, loadScenario } from '@/lib/scenarios/load-scenario';
import { describeRequest } from '@/lib/view/describe-request';
import styles from './page.module.css';

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const requested = typeof params.scenario === 'string' ? params.scenario : DEFAULT_SCENARIO_ID;
  const scenarios = await listScenarios();
  const scenario = (await loadScenario(requested)) ?? (await loadScenario(DEFAULT_SCENARIO_ID))!;
  const unknown = scenario.id !== requested;
  const { messages } = scenario.transcript;
  const plan = planFork(scenario.transcript, scenario.request);

  return (
    <main className={styles.main}>
      <header className={styles.header}>
        <h1>Fork Lab</h1>
        <p>See exactly what a forked subagent inherits from its parent’s conversation.</p>
      </header>
      <nav aria-label="Scenarios" className={styles.scenarios}>
        {scenarios.map((item) => (
          <Link
            key={item.id}
            href={`/?scenario=${item.id}`}
            aria-current={item.id === scenario.id ? 'page' : undefined}
            data-testid="scenario-link"
          >
            {item.title}
          </Link>
        ))}
      </nav>
      {unknown && (
        <p role="alert" className={styles.alert} data-testid="scenario-missing">
          There is no scenario called “{requested}”; showing “{scenario.title}”.
        </p>
      )}
      <section className={styles.scenario} aria-labelledby="scenario-title">
        <h2 id="scenario-title" data-testid="scenario-title">
          {scenario.title}
        </h2>
        <p>{scenario.shows}</p>
        <p className={styles.request} data-testid="fork-request">
          {describeRequest(scenario.request)}
        </p>
      </section>
      <div className={styles.columns}>
        <section aria-label="Parent timeline">
          <h2 className={styles.columnTitle}>Parent · {messages.length} messages</h2>
          <Timeline
            messages={messages}
            classifications={classifyMessages(messages)}
            dispositions={expandParentRanges(plan.parent)}
            windowStart={plan.window?.start ?? null}
          />
        </section>
        <ChildRequestView plan={plan} />
      </div>
    </main>
  );
}
