import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local, listening on 127.0.0.1 only. Its own launcher has no bind-address option and listens
 * on every interface; this one builds the same server from the same arguments and sets the host of its
 * Jetty connectors before it starts. Run from source (java LoopbackDynamoDbLocal.java), so it needs a JDK.
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    int bound = 0;
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector serverConnector) {
        serverConnector.setHost("127.0.0.1");
        bound++;
      }
    }
    if (bound == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to 127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
