import type { RendererServices } from '../../../../renderer/contracts/services.ts';

/** The workflow engine's calls the task and instance pages make (server/modules/hwfl/routes.ts). */
export interface HistoryEntry {
  historyId: number;
  nodeName: string | null;
  action: string;
  userName: string;
  targetName: string | null;
  comment: string | null;
  attachmentUuid: string | null;
  actionTime: string;
}

export interface TaskRow {
  taskId: number;
  elementId: string;
  name: string;
  assigneeId: number;
  assigneeName: string;
  ownerName: string | null;
  statusCode: string;
  action: string | null;
  addedFlag: number;
}

export interface InstanceView {
  instance: {
    instanceId: number;
    processKey: string;
    processName: string;
    description: string | null;
    detailRoute: string | null;
    entityName: string | null;
    recordId: number | null;
    startUserName: string;
    statusCode: string;
    resultCode: string | null;
    currentNodeName: string | null;
    currentApprover: string | null;
    failedStep: string | null;
  };
  history: HistoryEntry[];
  tasks: TaskRow[];
  xml: string;
  current: string[];
  done: string[];
  userTasks: Array<{ id: string; name: string }>;
  record: Record<string, unknown> | null;
  canRecall: boolean;
  canRevoke: boolean;
  admin: boolean;
}

export interface TaskView extends InstanceView {
  task: TaskRow;
  actions: string[];
}

export interface Person {
  userId: number;
  loginName: string;
  name: string;
}

export interface Act {
  action: string;
  comment?: string;
  targetUserId?: number;
  carbonCopyUserIds?: number[];
  attachmentUuid?: string;
}

export function workflowApi(s: RendererServices) {
  const base = `/hwfl/v1/${s.user.tenantId}`;
  const post = <T = unknown>(path: string, body: unknown = {}) => s.request<T>(`${base}${path}`, { method: 'POST', body });
  return {
    task: (taskId: number | string) => s.request<TaskView>(`${base}/activiti/task/${taskId}`),
    instance: (instanceId: number | string) => s.request<InstanceView>(`${base}/process/instance/${instanceId}`),
    act: (taskId: number, body: Act) => post(`/runtime/tasks/${taskId}`, body),
    recall: (instanceId: number, comment?: string) => post(`/runtime/prc/back/${instanceId}`, { comment }),
    revoke: (instanceId: number, comment?: string) => post(`/runtime/prc/revoke/${instanceId}`, { comment }),
    control: (instanceId: number, op: 'suspend' | 'active' | 'end', comment?: string) => post(`/runtime/prc/${op}/${instanceId}`, { comment }),
    jump: (instanceId: number, jumpTarget: string, comment?: string) => post(`/runtime/execute/${instanceId}`, { action: 'jump', jumpTarget, comment }),
    reassign: (instanceId: number, taskId: number, targetUserId: number) => post(`/runtime/execute/${instanceId}`, { action: 'delegate', taskId, targetUserId }),
    retry: (instanceId: number) => post('/runtime/execute/retry', { instanceId }),
    users: (name: string) => s.request<Person[]>(`${base}/users`, { query: { name } }),
    definitions: () => s.request<{ content: Array<{ processKey: string; processName: string; versionNumber: number }> }>(`${base}/process/definitions`, { query: { size: 200, sort: 'versionNumber,desc' } }),
    start: (body: { processKey: string; description: string; variables: Record<string, unknown> }) => post<{ instanceId: number }>('/process/instance/start-up', body),
  };
}

export type WorkflowApi = ReturnType<typeof workflowApi>;
