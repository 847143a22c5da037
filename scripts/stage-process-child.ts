// One stage of a build in a process of its own (stage-process.ts starts it with an IPC channel): it waits for its
// request, runs the stage with a reporter that relays to the build's, and sends back the result or the build error.
// It never outlives the build that started it: the channel's end (the build killed, even by SIGKILL) stops it.
import { toBuildError } from './errors.ts';
import { enableCompileCache } from './foundation/compile-cache.ts';
import { stopAtOnce } from './foundation/parent-gone.ts';
import { killPointsTakeParent } from './kill-point.ts';
import { statusText, type Reporter } from './log/progress-reporter.ts';
import { runStageHere, type StageMessage, type StageRequest } from './stage-process.ts';

const send = (message: StageMessage): Promise<void> =>
  new Promise((resolve, reject) => {
    process.send?.(message, undefined, undefined, (error) => (error ? reject(error) : resolve()));
  });

function relayingReporter(terminal: boolean): Reporter {
  // Fire and forget: the channel keeps the order, and the final message waits for all before it.
  const relay = (method: 'line' | 'warn' | 'status' | 'clearStatus', message = ''): void => {
    process.send?.({ type: 'report', method, message } satisfies StageMessage);
  };
  return {
    terminal,
    line: (message) => relay('line', message),
    warn: (message) => relay('warn', message),
    // A status is shown on a terminal only: elsewhere not worth a message, nor its description.
    status: (message) => {
      if (terminal) relay('status', statusText(message));
    },
    clearStatus: () => relay('clearStatus'),
  };
}

const stopWithBuild = (): void => stopAtOnce('the build that started this stage is gone');

if (!process.send) {
  process.stderr.write('scripts/stage-process-child.ts is started by the build (stage-process.ts), not by hand\n');
  process.exit(2);
}
process.on('disconnect', stopWithBuild);
killPointsTakeParent();
// Before the stage's modules are loaded (runStageHere imports them when the request comes).
enableCompileCache();
process.once('message', (request: StageRequest) => {
  void (async () => {
    let message: StageMessage;
    try {
      message = { type: 'done', result: await runStageHere(request, relayingReporter(request.terminal)) };
    } catch (error) {
      const failure = toBuildError(error, request.stage);
      message = { type: 'failed', code: failure.code, detail: failure.detail, stage: failure.stage };
    }
    await send(message);
    process.off('disconnect', stopWithBuild);
    process.exit(0);
  })();
});
