from graphql import GraphQLError


def check(query: str) -> bool:
    if not query.strip():
        raise GraphQLError("empty query")
    return True
