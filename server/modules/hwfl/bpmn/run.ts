import { EventEmitter } from 'node:events';
import { Engine, type Execution } from 'bpmn-engine';
import { evaluateCondition } from './conditions.ts';
import { startingAt } from './starting-at.ts';

/** Where an instance stands after a step: its serialised state, the user tasks it waits on, or its end. */
export interface RunResult {
  /** bpmn-engine's state as JSON, stored after every step so any server instance can continue it. */
  state: string;
  /** User tasks waiting for someone (element id and name). */
  waiting: Array<{ id: string; name?: string }>;
  ended: boolean;
}

type Vars = Record<string, unknown>;

/**
 * Runs a service task (by element id): the caller's registered server handler, whose answer
 * (process variables to set) the flow reads from then on; the caller keeps them for the
 * instance too. A failure fails the step.
 */
export type ServiceRunner = (elementId: string, variables: Vars) => Promise<Vars | undefined>;

/** Gives every service task the runner as its behaviour (bpmn-engine's extension point). */
function serviceExtension(runner: ServiceRunner | undefined) {
  return (activity: { type: string; id: string; behaviour: Record<string, unknown> }, context: { environment: { variables: Vars } }) => {
    if (activity.type !== 'bpmn:ServiceTask') return;
    // The process's own variables (an activity's environment is a per-message copy).
    const env = context.environment;
    activity.behaviour.Service = function Service() {
      return {
        execute(_message: unknown, callback: (err: Error | null, output?: unknown) => void) {
          if (!runner) return callback(new Error(`${activity.id}: service tasks need a handler (hwfl:service)`));
          runner(activity.id, env.variables).then(
            (set) => {
              if (set) env.variables.variables = { ...((env.variables.variables as Vars | undefined) ?? {}), ...set };
              callback(null, set ?? {});
            },
            (e: Error) => callback(e),
          );
        },
      };
    };
  };
}

/**
 * The engine's environment: conditions (`${…}`) go to the safe evaluator, and no script ever
 * runs (validate.ts refuses script tasks and script conditions; this refuses them again, so a
 * definition that slipped past cannot run code).
 */
function environment(services?: ServiceRunner) {
  return {
    extensions: { hwfl: serviceExtension(services) },
    expressions: {
      // The engine asks about every templated attribute; only `${…}` is an expression.
      resolveExpression(template: unknown, context: { environment?: { variables?: Vars } }) {
        if (typeof template !== 'string' || !template.includes('${')) return template;
        return evaluateCondition(template, context.environment?.variables ?? {});
      },
      isExpression: (text: unknown) => typeof text === 'string' && /^\s*\$\{[\s\S]*\}\s*$/.test(text),
      hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
    },
    scripts: {
      // Called for every element; only one that carries a script is refused.
      register({ id, type, behaviour }: { id: string; type: string; behaviour?: { script?: string; scriptFormat?: string; conditionExpression?: { language?: string } } }) {
        const script = type === 'bpmn:SequenceFlow' ? behaviour?.conditionExpression?.language : behaviour?.script || behaviour?.scriptFormat;
        if (script) throw new Error(`${id}: scripts are not run on this server`);
      },
      getScript() {
        return undefined;
      },
    },
  };
}

/** Waits until the engine stops moving: waiting on a task or timer, ended, or failed. */
/**
 * An element that fails (a condition that cannot be evaluated) is an `error` event of the engine;
 * without a listener Node would throw it out of the server, so it is caught and reported.
 */
function watch(engine: Engine): { failure?: Error } {
  const seen: { failure?: Error } = {};
  engine.on('error', (e: Error) => void (seen.failure ??= e));
  return seen;
}

/** A step that takes longer than this (a service task's handler hanging) fails rather than holding its locks. */
const STEP_LIMIT_MS = 30_000;

async function settle(engine: Engine, seen: { failure?: Error }): Promise<void> {
  const until = Date.now() + STEP_LIMIT_MS;
  for (let i = 0; Date.now() < until; i++) {
    if (seen.failure) throw new Error(`the process failed: ${seen.failure.message}`);
    if (engine.state === 'error') throw new Error('the process failed');
    if (engine.state !== 'running' || engine.activityStatus === 'wait' || engine.activityStatus === 'timer') return;
    // Turns first (the engine's own steps), then short sleeps while a handler waits on the database.
    await new Promise((r) => (i < 1000 ? setImmediate(r) : setTimeout(r, 2)));
  }
  throw new Error('the process did not settle');
}

/** Lets go of a running engine (its state is stored); stopping one that has ended never returns. */
async function halt(engine: Engine): Promise<void> {
  if (engine.state === 'running') await engine.stop();
}

async function result(engine: Engine, execution: Execution, seen: { failure?: Error }): Promise<RunResult> {
  try {
    await settle(engine, seen);
  } catch (e) {
    await halt(engine);
    throw e;
  }
  const waiting = engine.state === 'running' ? execution.getPostponed().filter((a) => a.type === 'bpmn:UserTask').map((a) => ({ id: a.id, ...(a.name ? { name: a.name } : {}) })) : [];
  const state = JSON.stringify(await engine.getState());
  const ended = engine.state !== 'running';
  await halt(engine);
  return { state, waiting, ended };
}

/** Starts an instance of a deployed definition with the document and variables. */
export async function startRun(name: string, xml: string, variables: Vars, services?: ServiceRunner): Promise<RunResult> {
  const engine = new Engine({ name, source: xml, variables, ...environment(services) } as never);
  const seen = watch(engine);
  const execution = await engine.execute({ listener: new EventEmitter() } as never);
  return result(engine, execution, seen);
}

/** A stored instance brought back to life, waiting where it stopped. */
async function resumeRun(name: string, state: string, variables: Vars, services?: ServiceRunner) {
  const engine = new Engine({ name, ...environment(services) } as never).recover(JSON.parse(state), environment(services) as never);
  const seen = watch(engine);
  const execution = await engine.resume({ listener: new EventEmitter() } as never);
  // What changed since the last step (process variables, the named conditions evaluated now), given
  // to the processes' own environments: the execution's is a copy the flow does not read.
  const definitions = (execution as unknown as { definitions: Array<{ getProcesses(): Array<{ environment: { variables: Vars } }> }> }).definitions;
  for (const d of definitions) for (const p of d.getProcesses()) Object.assign(p.environment.variables, variables);
  return { engine, seen, execution };
}

/** Continues a stored instance: completes the user task `taskId` with `output` (the action taken). */
export async function signalRun(name: string, state: string, taskId: string, output: Vars, variables: Vars = {}, services?: ServiceRunner): Promise<RunResult> {
  const { engine, seen, execution } = await resumeRun(name, state, variables, services);
  if (!execution.getPostponed().some((a) => a.id === taskId)) {
    await halt(engine);
    throw new Error(`the process is not waiting on ${taskId}`);
  }
  execution.signal({ id: taskId, ...output });
  return result(engine, execution, seen);
}

/**
 * An administrator's jump: the instance continues from the user task `target` (forward or back)
 * as a new run of the same definition whose start leads straight there. Moving tokens inside a
 * running engine leaves discarded paths waiting on a task that already ran, and the process never
 * ends; a fresh run carries no such leftovers, and the instance's data are ours, not the engine's.
 */
export async function jumpRun(name: string, xml: string, target: string, variables: Vars, services?: ServiceRunner): Promise<RunResult> {
  return startRun(name, await startingAt(xml, target), variables, services);
}
